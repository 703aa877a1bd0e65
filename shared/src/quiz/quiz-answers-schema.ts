import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { strictObject } from '../validation/strict-object';
import {
  ENERGY_LEVELS,
  FOCUS_AREAS,
  type QuizAnswers,
  TIME_COMMITMENTS,
  TIME_PREFERENCES,
  VIBES,
} from './quiz';

/**
 * Quiz answers as the API and the plan preview accept them. Apart from quiz.ts so that code which only reads
 * answers (the planner's Lambdas, the quiz dialog) does not bundle the schema.
 */
export const quizAnswersSchema = strictObject({
  timeCommitment: v.picklist(TIME_COMMITMENTS),
  energyLevel: v.picklist(ENERGY_LEVELS),
  focusAreas: v.pipe(
    v.array(v.picklist(FOCUS_AREAS)),
    v.minLength(1, FIELD_MESSAGES.focusAreasRequired),
    v.maxLength(FOCUS_AREAS.length),
    v.check((areas) => new Set(areas).size === areas.length, FIELD_MESSAGES.focusAreasRepeated),
  ),
  vibe: v.picklist(VIBES),
  timePreference: v.picklist(TIME_PREFERENCES),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** The schema accepts exactly QuizAnswers (quiz.ts): the compiler refuses this line the day the two part. */
export type SchemaOutputIsQuizAnswers = Holds<Same<v.InferOutput<typeof quizAnswersSchema>, QuizAnswers>>;
