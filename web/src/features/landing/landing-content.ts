/**
 * What the landing page lists, by message id (messages/en.json holds the words, docs/rules.md#languages); the
 * layout that shows them is landing-page.tsx.
 */

export const HERO_POINTS = ['time', 'personal', 'free'] as const;

export const STEPS = ['story', 'blueprint', 'everyDay'] as const;

/** Each quote and role is a message (`landing.testimonial.<key>.quote`, `.role`); names are names. */
export const TESTIMONIALS = [
  { key: 'amara', name: 'Amara O.' },
  { key: 'lea', name: 'Léa M.' },
  { key: 'priya', name: 'Priya S.' },
] as const;

/** The FAQ's questions and answers: `landing.faq.<key>.question`, `.answer`. */
export const LANDING_FAQ = ['free', 'time', 'personal', 'account', 'cancel'] as const;
