/**
 * What the landing page lists, by message id (messages/en.json holds the words, docs/rules.md#languages); the
 * layout that shows them is landing-page.tsx.
 */

export const HERO_POINTS = ['time', 'personal', 'free'] as const;

export const STEPS = ['story', 'blueprint', 'everyDay'] as const;

/**
 * Each testimonial's name, quote and role are messages (`landing.testimonial.<key>.name`, `.quote`, `.role`), so
 * each language may name its own people.
 */
export const TESTIMONIALS = ['amara', 'lea', 'priya'] as const;

/** The FAQ's questions and answers: `landing.faq.<key>.question`, `.answer`. */
export const LANDING_FAQ = ['free', 'time', 'personal', 'account', 'cancel'] as const;
