/** The landing page's words, kept apart from the layout that shows them. */

export const HERO_POINTS = ['Takes 2 minutes', 'Completely personal', 'Forever free'] as const;

export const STEPS = [
  {
    title: 'Share Your Story',
    text: 'Answer five gentle questions about your time, your energy and what you would like to nurture.',
  },
  {
    title: 'Receive Your Blueprint',
    text: 'Bloom builds a week of short rituals for your mornings, middays and evenings, shaped by your answers.',
  },
  {
    title: 'Bloom Every Day',
    text: 'Tick off rituals, mark days complete and watch your streak grow, one kind minute at a time.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'I used to save self-care for the weekend and then skip it. Two minutes of breathing before work is now the part of my morning I protect.',
    name: 'Amara O.',
    role: 'Nurse and mother of two',
  },
  {
    quote:
      'The quiz understood that I had almost no energy in winter. My plan started small, and for once I did not feel behind on my own wellbeing.',
    name: 'Léa M.',
    role: 'Graduate student',
  },
  {
    quote:
      'Seeing a whole week laid out calmly, with the evening rituals I actually enjoy, made looking after myself feel like a plan instead of a chore.',
    name: 'Priya S.',
    role: 'Product designer',
  },
] as const;

export const LANDING_FAQ = [
  {
    question: 'Is Bloom really free?',
    answer:
      'Yes. The free plan is free forever: a personal weekly plan, progress tracking, streaks and 10 edits to your plan each week. Pro (€6.99 a month or €49.99 a year) adds unlimited edits, your own custom activities and Bloom, your AI coach.',
  },
  {
    question: 'How much time do I need each day?',
    answer:
      'About two minutes is enough to begin. You tell us in the quiz whether you have 5-10 minutes, 15-20 minutes or more, and your plan stays within it.',
  },
  {
    question: 'How is my plan personalised?',
    answer:
      'Your five answers (time, energy, focus areas, vibe and whether you are a morning or an evening person) choose rituals from more than 100 activities and place them at the times of day that suit you.',
  },
  {
    question: 'Do I need an account to start?',
    answer:
      'No. Take the quiz and see your plan first. Sign in with your Google account when you want to keep it, tick off rituals and follow your streak across devices.',
  },
  {
    question: 'Can I cancel Pro at any time?',
    answer:
      'Yes. You can cancel whenever you like, and every Pro purchase comes with a 30-day money-back guarantee, no questions asked.',
  },
] as const;
