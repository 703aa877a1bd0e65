import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { MAX_ACTIVITIES_PER_SLOT } from '../planner/types';
import { dayIndexSchema, idSchema, slotSchema } from './fields';

/**
 * Request schemas of the planner's writes: adding, ticking or moving, and marking a day. Each route group's schemas have a module of their own, so a Lambda builds only
 * the schemas of its own route when it starts (constructing zod schemas is most of the validation's cold-start
 * cost; scripts/bench/bundles.ts). Objects are strict: an unknown field is a 400, not silently dropped.
 */

export const addActivitiesBodySchema = z.strictObject({
  slot: slotSchema,
  activityIds: z
    .array(idSchema, { error: FIELD_MESSAGES.activityIds })
    .check(
      z.minLength(1, FIELD_MESSAGES.activityIds),
      z.maxLength(
        MAX_ACTIVITIES_PER_SLOT,
        `You can add at most ${MAX_ACTIVITIES_PER_SLOT} activities at once`,
      ),
    ),
});
export type AddActivitiesBody = z.infer<typeof addActivitiesBodySchema>;

/** PATCH takes either a completion change or a move, not both. */
export const updatePlannedActivityBodySchema = z.union([
  z.strictObject({ completed: z.boolean() }),
  z.strictObject({ day: dayIndexSchema, slot: slotSchema }),
]);
export type UpdatePlannedActivityBody = z.infer<typeof updatePlannedActivityBodySchema>;

export const dayCompletionBodySchema = z.strictObject({ completed: z.boolean() });

/** PUT …/days/{day}/rest: take the day as her rest day, or take it back (docs/rules.md#rest-days). */
export const restDayBodySchema = z.strictObject({ rest: z.boolean() });
