/**
 * The five quiz questions and their options (docs/rules.md#plan-generation). The option strings are stored as
 * answers.
 */
export const TIME_COMMITMENTS = ['5-10 minutes', '15-20 minutes', '30+ minutes'] as const;
export const ENERGY_LEVELS = [
  'Low - I need gentle care',
  'Medium - ready for some effort',
  'High - bring on the challenge',
] as const;
export const FOCUS_AREAS = [
  'Mental wellbeing',
  'Physical health',
  'Social connections',
  'Creative expression',
  'Spiritual growth',
] as const;
export const VIBES = [
  'Calm & peaceful',
  'Productive & energizing',
  'Cozy & comforting',
  'Fun & playful',
] as const;
export const TIME_PREFERENCES = ['Morning person', 'Evening person', 'I adapt to both'] as const;

/**
 * Her answers, one option of each question (several focus areas). Validated by quiz-answers-schema.ts, a module
 * of its own: the questions and defaults need no schema.
 */
export interface QuizAnswers {
  timeCommitment: (typeof TIME_COMMITMENTS)[number];
  energyLevel: (typeof ENERGY_LEVELS)[number];
  focusAreas: (typeof FOCUS_AREAS)[number][];
  vibe: (typeof VIBES)[number];
  timePreference: (typeof TIME_PREFERENCES)[number];
}

/** Used when a signed-in user has not taken the quiz (docs/rules.md#plan-generation). */
export const DEFAULT_QUIZ_ANSWERS: QuizAnswers = {
  timeCommitment: '15-20 minutes',
  energyLevel: 'Medium - ready for some effort',
  focusAreas: ['Mental wellbeing', 'Physical health'],
  vibe: 'Calm & peaceful',
  timePreference: 'Morning person',
};

export interface QuizQuestion {
  key: keyof QuizAnswers;
  title: string;
  subtitle: string;
  options: readonly string[];
  multiple: boolean;
}

export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    key: 'timeCommitment',
    title: 'How much time can you give yourself each day?',
    subtitle: 'Even a few minutes makes a difference.',
    options: TIME_COMMITMENTS,
    multiple: false,
  },
  {
    key: 'energyLevel',
    title: 'How is your energy these days?',
    subtitle: 'Be honest. Your plan meets you where you are.',
    options: ENERGY_LEVELS,
    multiple: false,
  },
  {
    key: 'focusAreas',
    title: 'What would you like to nurture?',
    subtitle: 'Choose as many as you like.',
    options: FOCUS_AREAS,
    multiple: true,
  },
  {
    key: 'vibe',
    title: 'Which vibe feels like you right now?',
    subtitle: 'We will pick rituals with the same feeling.',
    options: VIBES,
    multiple: false,
  },
  {
    key: 'timePreference',
    title: 'When do you feel most like yourself?',
    subtitle: 'We will put more of your rituals there.',
    options: TIME_PREFERENCES,
    multiple: false,
  },
];
