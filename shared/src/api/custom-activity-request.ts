import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { strictObject } from '../validation/strict-object';
import { categorySchema, dayIndexSchema, slotSchema, weekStartSchema } from './fields';

/**
 * Request schemas of POST /api/activities (a custom activity). Each route group's schemas have a module of their
 * own, so a Lambda bundles only its own route's. Objects are strict: an unknown field is a 400, not silently
 * dropped.
 */

/** A single emoji (possibly with modifiers), not free text. */
const emojiSchema = v.pipe(
  v.string(FIELD_MESSAGES.icon),
  v.minLength(1, FIELD_MESSAGES.icon),
  v.maxLength(16, FIELD_MESSAGES.icon),
  v.regex(/^\p{Extended_Pictographic}/u, FIELD_MESSAGES.icon),
);

/** What she fills in on the form. */
const customActivityFields = {
  name: v.pipe(
    v.string(FIELD_MESSAGES.name),
    v.trim(),
    v.minLength(1, FIELD_MESSAGES.name),
    v.maxLength(60, 'Please keep the name under 60 characters'),
  ),
  duration: v.pipe(
    v.number(FIELD_MESSAGES.duration),
    v.integer(FIELD_MESSAGES.duration),
    v.minValue(1, FIELD_MESSAGES.duration),
    v.maxValue(240, 'Please keep it under 240 minutes'),
  ),
  category: categorySchema,
  icon: emojiSchema,
};

export const createCustomActivityBodySchema = strictObject({
  ...customActivityFields,
  weekStart: weekStartSchema,
  day: dayIndexSchema,
  slot: slotSchema,
});
export type CreateCustomActivityBody = v.InferOutput<typeof createCustomActivityBodySchema>;
