import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import * as v from 'valibot';
import { DomainError } from '../domain-error';

/** Any request schema (valibot): what a route's params and body are checked with. */
export type RequestSchema = v.GenericSchema;

const INVALID_INPUT = FIELD_MESSAGES.invalidInput;

/**
 * Parses input with a valibot schema; failures become a 400 whose `fields` name each bad field once, with the
 * first message found for it (schemas list a field's checks in the order she should read them).
 */
export function parseOrThrow<S extends RequestSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // Where a schema names no message of its own, one plain one: valibot's default repeats what was sent.
  const result = v.safeParse(schema, input, { message: INVALID_INPUT });
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw new DomainError('validation_failed', fields);
}
