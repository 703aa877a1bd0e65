import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { MAX_ACTIVITIES_PER_SLOT } from '../planner/types';
import { strictObject } from '../validation/strict-object';
import { dayIndexSchema, idSchema, slotSchema } from './fields';

/**
 * Request schemas of the planner's writes: adding, ticking or moving, and marking a day. Each route group's
 * schemas have a module of their own, so a Lambda bundles only its own route's. Objects are strict: an unknown
 * field is a 400, not silently dropped.
 */

export const addActivitiesBodySchema = strictObject({
  slot: slotSchema,
  activityIds: v.pipe(
    v.array(idSchema, FIELD_MESSAGES.activityIds),
    v.minLength(1, FIELD_MESSAGES.activityIds),
    v.maxLength(MAX_ACTIVITIES_PER_SLOT, `You can add at most ${MAX_ACTIVITIES_PER_SLOT} activities at once`),
  ),
});
export type AddActivitiesBody = v.InferOutput<typeof addActivitiesBodySchema>;

const tickBodySchema = strictObject({ completed: v.boolean() });
const moveBodySchema = strictObject({ day: dayIndexSchema, slot: slotSchema });

/**
 * PATCH takes either a completion change or a move, not both. The body's own fields choose which it is checked
 * as, so a refusal names the field at fault (a union would only say that neither shape fits).
 */
export const updatePlannedActivityBodySchema = v.lazy((body: unknown) =>
  typeof body === 'object' && body !== null && 'completed' in body ? tickBodySchema : moveBodySchema,
);
export type UpdatePlannedActivityBody = v.InferOutput<typeof updatePlannedActivityBodySchema>;

export const dayCompletionBodySchema = strictObject({ completed: v.boolean() });

/** PUT …/days/{day}/rest: take the day as her rest day, or take it back (docs/rules.md#rest-days). */
export const restDayBodySchema = strictObject({ rest: v.boolean() });
