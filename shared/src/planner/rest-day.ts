import type { DayIndex } from './types';

/** Rest days a week may hold, on every plan (docs/rules.md#rest-days). */
export const MAX_REST_DAYS_PER_WEEK = 1;

/** What asking for a day's rest (or taking it back) does, given the week's marks as read. */
export type RestDayChange =
  | 'rest'
  | 'undo'
  /** Already as asked: nothing to write. */
  | 'none'
  /** The week already has its rest day on another day. */
  | 'limit'
  /** The day is marked complete: a day is either completed or rested, never both. */
  | 'completed';

/**
 * A day is completed, rested, or neither (docs/rules.md#rest-days): a rest day is a mark of its own, at most
 * MAX_REST_DAYS_PER_WEEK a week, and can be taken back.
 */
export function restDayChange(
  week: { restDays: readonly DayIndex[]; completedDays: readonly DayIndex[] },
  day: DayIndex,
  rest: boolean,
): RestDayChange {
  const rested = week.restDays.includes(day);
  if (!rest) return rested ? 'undo' : 'none';
  if (rested) return 'none';
  if (week.completedDays.includes(day)) return 'completed';
  return week.restDays.length >= MAX_REST_DAYS_PER_WEEK ? 'limit' : 'rest';
}
