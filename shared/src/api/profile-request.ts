import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { LOCALES } from '../i18n/locales';
import { DEFAULT_PLAN_PER_SLOT, SLOTS } from '../planner/types';
import { quizAnswersSchema } from '../quiz/quiz-answers-schema';
import { strictObject } from '../validation/strict-object';
import { idSchema, weekStartSchema } from './fields';

/**
 * Request schemas of PUT /api/me (time zone, language, quiz answers and the preview's arrangement). Each route group's
 * schemas have a module of their own, so a Lambda bundles only its own route's. Objects are strict: an unknown
 * field is a 400, not silently dropped.
 */

/** An IANA time zone the runtime knows; the routes store it by its current name (docs/rules.md#time-zones). */
export const timeZoneSchema = v.pipe(
  v.string(FIELD_MESSAGES.timeZone),
  v.maxLength(64, FIELD_MESSAGES.timeZone),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, FIELD_MESSAGES.timeZone),
);

/** A day of the plan preview as she arranged it: no slot can hold more than a whole day of the default plan. */
const arrangedSlotSchema = v.pipe(v.array(idSchema), v.maxLength(DEFAULT_PLAN_PER_SLOT * SLOTS.length));
const arrangedDaySchema = strictObject({
  Morning: arrangedSlotSchema,
  Midday: arrangedSlotSchema,
  Evening: arrangedSlotSchema,
});

/** The plan preview's arrangement (shared/src/plan/week-plan.ts): seven days, Monday first. Bounded in size. */
export const planArrangementSchema = strictObject({
  weekStart: weekStartSchema,
  days: v.pipe(v.array(arrangedDaySchema), v.length(7)),
});

/** One of the languages Bloom speaks (docs/rules.md#languages). */
export const localeSchema = v.picklist(LOCALES, FIELD_MESSAGES.locale);

export const updateProfileBodySchema = v.pipe(
  strictObject({
    timeZone: v.optional(timeZoneSchema),
    /** Her language, chosen in the language menu or taken from her browser when she first signed in. */
    locale: v.optional(localeSchema),
    quizAnswers: v.optional(quizAnswersSchema),
    /** How she arranged the preview of the plan these answers make; sent with them once, at sign-in. */
    planArrangement: v.optional(planArrangementSchema),
  }),
  v.check(
    (body) => body.timeZone !== undefined || body.locale !== undefined || body.quizAnswers !== undefined,
    FIELD_MESSAGES.nothingToUpdate,
  ),
  v.forward(
    v.check(
      (body) => body.planArrangement === undefined || body.quizAnswers !== undefined,
      FIELD_MESSAGES.arrangementWithoutAnswers,
    ),
    ['planArrangement'],
  ),
);
export type UpdateProfileBody = v.InferOutput<typeof updateProfileBodySchema>;
