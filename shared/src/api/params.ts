import * as v from 'valibot';
import { dayParamSchema, idSchema, slotSchema, weekStartSchema } from './fields';

/**
 * Request schemas of the planner API's path parameters. API Gateway passes exactly the route's own parameters,
 * so these objects need not be strict.
 */

export const weekParamsSchema = v.object({ weekStart: weekStartSchema });
export const dayParamsSchema = v.object({ weekStart: weekStartSchema, day: dayParamSchema });
export const slotParamsSchema = v.object({
  weekStart: weekStartSchema,
  day: dayParamSchema,
  slot: slotSchema,
});
export const plannedActivityParamsSchema = v.object({ weekStart: weekStartSchema, id: idSchema });
