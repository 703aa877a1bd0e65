import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { strictObject } from '../validation/strict-object';
import { isOneEmoji, typedTextSchema } from '../validation/text';
import { categorySchema, dayIndexSchema, slotSchema, weekStartSchema } from './fields';

/**
 * Request schemas of POST /api/activities (a custom activity). Each route group's schemas have a module of their
 * own, so a Lambda bundles only its own route's. Objects are strict: an unknown field is a 400, not silently
 * dropped.
 */

/** An activity's name (docs/rules.md#custom-activities): text she types, 1 to 60 characters once normalised. */
export const customActivityNameSchema = typedTextSchema({
  required: FIELD_MESSAGES.name,
  maxLength: 60,
  tooLong: FIELD_MESSAGES.nameTooLong,
});

/** Exactly one emoji (docs/rules.md#custom-activities), not free text. */
export const activityIconSchema = v.pipe(
  v.string(FIELD_MESSAGES.icon),
  v.check(isOneEmoji, FIELD_MESSAGES.icon),
);

/** What she fills in on the form. */
const customActivityFields = {
  name: customActivityNameSchema,
  duration: v.pipe(
    v.number(FIELD_MESSAGES.duration),
    v.integer(FIELD_MESSAGES.duration),
    v.minValue(1, FIELD_MESSAGES.duration),
    v.maxValue(240, FIELD_MESSAGES.durationTooLong),
  ),
  category: categorySchema,
  icon: activityIconSchema,
};

export const createCustomActivityBodySchema = strictObject({
  ...customActivityFields,
  weekStart: weekStartSchema,
  day: dayIndexSchema,
  slot: slotSchema,
});
export type CreateCustomActivityBody = v.InferOutput<typeof createCustomActivityBodySchema>;
