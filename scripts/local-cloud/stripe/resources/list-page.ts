import { invalidParam, noSuch } from '../errors';
import { publicView } from '../objects';
import { optionalString, type Params } from './params';

/** A page of a list, newest first, as Stripe's cursor pagination serves it (`limit`, `starting_after`, `ending_before`). */
export function listPage<T extends { id: string }>(items: readonly T[], params: Params, url: string) {
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidParam('limit', 'Invalid integer: limit must be between 1 and 100.');
  }
  const cursor = (param: 'starting_after' | 'ending_before') => {
    const value = optionalString(params, param);
    if (value === null) return undefined;
    const index = items.findIndex((item) => item.id === value);
    if (index === -1) throw noSuch('object', value, param);
    return index;
  };
  const after = cursor('starting_after');
  const before = cursor('ending_before');
  const start = after !== undefined ? after + 1 : before !== undefined ? Math.max(0, before - limit) : 0;
  const end = before !== undefined && after === undefined ? before : start + limit;
  return {
    object: 'list',
    url,
    has_more: before !== undefined && after === undefined ? start > 0 : end < items.length,
    data: items.slice(start, end).map((item) => publicView(item)),
  };
}

/** Newest first, as Stripe lists: by `created`, and among equals the one added last first. */
export function newestFirst<T extends { created: number }>(items: readonly T[]): T[] {
  return [...items].reverse().sort((a, b) => b.created - a.created);
}
