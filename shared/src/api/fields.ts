import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import type { DayIndex } from '../planner/types';
import { CATEGORIES, SLOTS } from '../planner/types';

/**
 * The fields the planner API's requests share (path parameters and body fields), written with valibot: its
 * schemas are plain objects, so building them costs a Lambda almost nothing when it starts, and a bundle carries
 * only the validations it uses. Request schemas live one module per route group (params.ts,
 * planner-requests.ts, custom-activity-request.ts, profile-request.ts).
 */

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const isoDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.check(isRealDate));

/** A week is named by its Monday. */
export const weekStartSchema = v.pipe(
  v.string(FIELD_MESSAGES.weekStart),
  v.regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, FIELD_MESSAGES.weekStart),
  v.check(isRealDate, FIELD_MESSAGES.weekStart),
  v.check((value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1, FIELD_MESSAGES.weekStart),
);

/** Path parameters arrive as strings; day must be exactly one digit 0-6. */
export const dayParamSchema = v.pipe(
  v.string(FIELD_MESSAGES.day),
  v.regex(/^[0-6]$/, FIELD_MESSAGES.day),
  v.transform((value) => Number(value) as DayIndex),
);

export const dayIndexSchema = v.pipe(
  v.number(FIELD_MESSAGES.day),
  v.integer(FIELD_MESSAGES.day),
  v.minValue(0, FIELD_MESSAGES.day),
  v.maxValue(6, FIELD_MESSAGES.day),
  v.transform((value) => value as DayIndex),
);

export const slotSchema = v.picklist(SLOTS, FIELD_MESSAGES.slot);
export const categorySchema = v.picklist(CATEGORIES, FIELD_MESSAGES.category);

export const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/));
