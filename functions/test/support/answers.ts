import type { QuizAnswers } from '@bloom/shared/quiz/quiz';

/** Quiz answers far from the defaults: a short, gentle, social plan that leans to the evening. */
export const SOCIAL_EVENING: QuizAnswers = {
  timeCommitment: '5-10 minutes',
  energyLevel: 'Low - I need gentle care',
  focusAreas: ['Social connections'],
  vibe: 'Cozy & comforting',
  timePreference: 'Evening person',
};
