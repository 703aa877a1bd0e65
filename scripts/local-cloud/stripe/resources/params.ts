import { invalidParam, missingParam } from '../errors';
import type { Metadata } from '../objects';

/** Form parameters as qs parses them: strings, nested objects and arrays. */
export type Params = Record<string, unknown>;

export function optionalString(params: Params, key: string): string | null {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function booleanOf(value: unknown, param: string): boolean {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  throw invalidParam(param, `Invalid boolean: ${String(value)}`);
}

export function metadataOf(value: unknown): Metadata {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

/** A Unix timestamp parameter, as Stripe reads one. */
export function timestampParam(params: Params, key: string): number {
  const raw = params[key];
  if (raw === undefined || raw === '') throw missingParam(key);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw invalidParam(
      key,
      `Invalid timestamp: must be an integer Unix timestamp in seconds (${String(raw)}).`,
    );
  }
  return value;
}

/** A list parameter (`lookup_keys[]`, `expand[]`), which qs gives as an array, an object or one string. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === 'object') return Object.values(value).map(String);
  return typeof value === 'string' ? [value] : [];
}
