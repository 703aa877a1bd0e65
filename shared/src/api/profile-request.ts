import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { DEFAULT_PLAN_PER_SLOT, SLOTS } from '../planner/types';
import { quizAnswersSchema } from '../quiz/quiz-answers-schema';
import { idSchema, weekStartSchema } from './fields';

/**
 * Request schemas of PUT /api/me (time zone, quiz answers and the preview's arrangement). Each route group's schemas have a module of their own, so a Lambda builds only
 * the schemas of its own route when it starts (constructing zod schemas is most of the validation's cold-start
 * cost; scripts/bench/bundles.ts). Objects are strict: an unknown field is a 400, not silently dropped.
 */

export const timeZoneSchema = z.string({ error: FIELD_MESSAGES.timeZone }).check(
  z.maxLength(64, FIELD_MESSAGES.timeZone),
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, FIELD_MESSAGES.timeZone),
);

/** A day of the plan preview as she arranged it: no slot can hold more than a whole day of the default plan. */
const arrangedSlotSchema = z.array(idSchema).check(z.maxLength(DEFAULT_PLAN_PER_SLOT * SLOTS.length));
const arrangedDaySchema = z.strictObject({
  Morning: arrangedSlotSchema,
  Midday: arrangedSlotSchema,
  Evening: arrangedSlotSchema,
});

/** The plan preview's arrangement (shared/src/plan/week-plan.ts): seven days, Monday first. Bounded in size. */
export const planArrangementSchema = z.strictObject({
  weekStart: weekStartSchema,
  days: z.array(arrangedDaySchema).check(z.length(7)),
});

export const updateProfileBodySchema = z
  .strictObject({
    timeZone: z.optional(timeZoneSchema),
    quizAnswers: z.optional(quizAnswersSchema),
    /** How she arranged the preview of the plan these answers make; sent with them once, at sign-in. */
    planArrangement: z.optional(planArrangementSchema),
  })
  .check(
    z.refine((body) => body.timeZone !== undefined || body.quizAnswers !== undefined, 'Nothing to update'),
    z.refine((body) => body.planArrangement === undefined || body.quizAnswers !== undefined, {
      message: 'An arrangement comes with the quiz answers whose plan it arranges',
      path: ['planArrangement'],
    }),
  );
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;
