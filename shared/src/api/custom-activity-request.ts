import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../errors/catalogue';
import { categorySchema, dayIndexSchema, slotSchema, weekStartSchema } from './fields';

/**
 * Request schemas of POST /api/activities (a custom activity). Each route group's schemas have a module of their own, so a Lambda builds only
 * the schemas of its own route when it starts (constructing zod schemas is most of the validation's cold-start
 * cost; scripts/bench/bundles.ts). Objects are strict: an unknown field is a 400, not silently dropped.
 */

/** A single emoji (possibly with modifiers), not free text. */
const emojiSchema = z
  .string({ error: FIELD_MESSAGES.icon })
  .check(
    z.minLength(1, FIELD_MESSAGES.icon),
    z.maxLength(16, FIELD_MESSAGES.icon),
    z.regex(/^\p{Extended_Pictographic}/u, FIELD_MESSAGES.icon),
  );

export const customActivityFieldsSchema = z.strictObject({
  name: z
    .string({ error: FIELD_MESSAGES.name })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MESSAGES.name),
      z.maxLength(60, 'Please keep the name under 60 characters'),
    ),
  duration: z
    .int({ error: FIELD_MESSAGES.duration })
    .check(z.gte(1, FIELD_MESSAGES.duration), z.lte(240, 'Please keep it under 240 minutes')),
  category: categorySchema,
  icon: emojiSchema,
});

export const createCustomActivityBodySchema = z.extend(customActivityFieldsSchema, {
  weekStart: weekStartSchema,
  day: dayIndexSchema,
  slot: slotSchema,
});
export type CreateCustomActivityBody = z.infer<typeof createCustomActivityBodySchema>;
