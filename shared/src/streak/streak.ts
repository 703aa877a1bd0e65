import { addDays, isIsoDate } from '../week/week';

/** How far back a streak is counted (docs/rules.md#streak): a streak is never longer than this many days. */
export const STREAK_LOOKBACK_DAYS = 365;

/**
 * Consecutive completed days counted backwards from `today` (ISO dates in the user's time zone).
 *
 * Today not being complete yet does not break the streak: counting then starts from yesterday, since the
 * day is not over. A rest day (docs/rules.md#rest-days) neither breaks nor extends it: counting steps over it,
 * today included. Whichever day counting starts from, at most STREAK_LOOKBACK_DAYS days are looked at, so the
 * result is at most 365 (with today done, that is today and the 364 days before it; without, yesterday and
 * the 364 before it). Dates after today, duplicates and anything that is not an ISO date are ignored; a date
 * both completed and rested counts as completed.
 */
export function currentStreak(
  completedDates: Iterable<string>,
  today: string,
  restDates: Iterable<string> = [],
): number {
  if (!isIsoDate(today)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${today}`);
  const completed = new Set<string>();
  for (const date of completedDates) if (date <= today) completed.add(date);
  const rested = new Set<string>();
  for (const date of restDates) if (date <= today && !completed.has(date)) rested.add(date);

  let day = completed.has(today) ? today : addDays(today, -1);
  let streak = 0;
  for (let looked = 0; looked < STREAK_LOOKBACK_DAYS; looked++, day = addDays(day, -1)) {
    if (completed.has(day)) streak += 1;
    else if (!rested.has(day)) break;
  }
  return streak;
}
