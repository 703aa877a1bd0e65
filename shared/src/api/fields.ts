import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../errors/catalogue';
import type { DayIndex } from '../planner/types';
import { CATEGORIES, SLOTS } from '../planner/types';

/**
 * The fields the planner API's requests share (path parameters and body fields), written with zod/mini: the
 * same validation as classic zod at a fraction of the bundle and start-up cost, which every Lambda cold start
 * and the web app pay. Request schemas live one module per route group (params.ts, planner-requests.ts,
 * custom-activity-request.ts, profile-request.ts), so a Lambda builds only its own route's schemas.
 */

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isRealDate));

/** A week is named by its Monday. */
export const weekStartSchema = z.string({ error: FIELD_MESSAGES.weekStart }).check(
  z.regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, FIELD_MESSAGES.weekStart),
  z.refine(isRealDate, FIELD_MESSAGES.weekStart),
  z.refine((value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1, FIELD_MESSAGES.weekStart),
);

/** Path parameters arrive as strings; day must be exactly one digit 0-6. */
export const dayParamSchema = z.pipe(
  z.string({ error: FIELD_MESSAGES.day }).check(z.regex(/^[0-6]$/, FIELD_MESSAGES.day)),
  z.transform((value) => Number(value) as DayIndex),
);

export const dayIndexSchema = z.pipe(
  z.int({ error: FIELD_MESSAGES.day }).check(z.gte(0, FIELD_MESSAGES.day), z.lte(6, FIELD_MESSAGES.day)),
  z.transform((value) => value as DayIndex),
);

export const slotSchema = z.enum(SLOTS, { error: FIELD_MESSAGES.slot });
export const categorySchema = z.enum(CATEGORIES, { error: FIELD_MESSAGES.category });

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));
