import * as z from 'zod/mini';
import { ENERGY_LEVELS, FOCUS_AREAS, TIME_COMMITMENTS, TIME_PREFERENCES, VIBES } from './quiz';

/**
 * Quiz answers as the API and the plan preview accept them. Apart from quiz.ts so that code which only reads
 * answers (the planner's Lambdas, the quiz dialog) does not build the schema, or load zod, when it starts.
 */
export const quizAnswersSchema = z.strictObject({
  timeCommitment: z.enum(TIME_COMMITMENTS),
  energyLevel: z.enum(ENERGY_LEVELS),
  focusAreas: z.array(z.enum(FOCUS_AREAS)).check(
    z.minLength(1, 'Please choose at least one focus area'),
    z.maxLength(FOCUS_AREAS.length),
    z.refine((areas) => new Set(areas).size === areas.length, 'Each focus area can be chosen once'),
  ),
  vibe: z.enum(VIBES),
  timePreference: z.enum(TIME_PREFERENCES),
});
