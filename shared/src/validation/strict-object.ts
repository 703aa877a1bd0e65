import * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';

const NOT_AN_OBJECT = FIELD_MESSAGES.notAnObject;
const MISSING = FIELD_MESSAGES.required;

/**
 * An object schema that refuses an unknown field (a 400 naming it, not a silent drop) and answers a missing field
 * with that field's own message, so a missing `weekStart` reads like a malformed one. Valibot reports both on the
 * object rather than on the field; this message function puts the field's words back. Valibot names the first
 * unknown field only. An array is refused: valibot would take `[]` for an object whose fields are all optional.
 */
export function strictObject<const E extends v.ObjectEntries>(entries: E) {
  const object = v.strictObject(entries, (issue) => fieldMessage(entries, issue));
  return v.pipe(
    v.custom<v.InferInput<typeof object>>((input) => !Array.isArray(input), NOT_AN_OBJECT),
    object,
  );
}

function fieldMessage(entries: v.ObjectEntries, issue: v.BaseIssue<unknown>): string {
  const key = issue.path?.[0]?.key;
  if (issue.expected === 'never') return `Unknown field "${String(key)}"`;
  if (typeof key !== 'string') return NOT_AN_OBJECT;
  const message = (entries[key] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MISSING;
}
