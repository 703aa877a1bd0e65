import * as v from 'valibot';

/**
 * An object schema that refuses an unknown field (a 400 naming it, not a silent drop) and answers a missing field
 * with that field's own message, so a missing `weekStart` reads like a malformed one. Valibot reports both on the
 * object rather than on the field; this message function puts the field's words back.
 */
export function strictObject<const E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, (issue) => fieldMessage(entries, issue));
}

const MISSING = 'This field is required';

function fieldMessage(entries: v.ObjectEntries, issue: v.BaseIssue<unknown>): string {
  const key = issue.path?.[0]?.key;
  if (issue.expected === 'never') return `Unknown field "${String(key)}"`;
  if (typeof key !== 'string') return 'Please send an object';
  const message = (entries[key] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MISSING;
}
