import * as z from 'zod/mini';
import { dayParamSchema, idSchema, slotSchema, weekStartSchema } from './fields';

/**
 * Request schemas of the planner API's path parameters. Each route group's schemas have a module of their own, so a Lambda builds only
 * the schemas of its own route when it starts (constructing zod schemas is most of the validation's cold-start
 * cost; scripts/bench/bundles.ts).
 */

export const weekParamsSchema = z.object({ weekStart: weekStartSchema });
export const dayParamsSchema = z.object({ weekStart: weekStartSchema, day: dayParamSchema });
export const slotParamsSchema = z.object({
  weekStart: weekStartSchema,
  day: dayParamSchema,
  slot: slotSchema,
});
export const plannedActivityParamsSchema = z.object({ weekStart: weekStartSchema, id: idSchema });
