/** The blog's articles, newest first (`published` a calendar date, shown through Intl). Each has its own route and page component. */
export const ARTICLES = [
  {
    slug: 'best-self-care-apps',
    title: 'The Best Self-Care Apps in 2025, and How to Choose One You Will Actually Use',
    summary:
      'Meditation, journaling, habit tracking or a planner? What each kind of self-care app is good at, what to look out for, and the questions that help you pick one that lasts past the first week.',
    published: '2025-01-20',
    readingMinutes: 7,
  },
] as const;
