import { addDays, isIsoDate } from '../week/week';

/** How far back a streak is counted (docs/rules.md#streak): a streak is never longer than this many days. */
export const STREAK_LOOKBACK_DAYS = 365;

/**
 * Consecutive completed days counted backwards from `today` (ISO dates in the user's time zone).
 *
 * Today not being complete yet does not break the streak: counting then starts from yesterday, since the
 * day is not over. Whichever day counting starts from, at most STREAK_LOOKBACK_DAYS days are counted, so the
 * result is at most 365 (with today done, that is today and the 364 days before it; without, yesterday and
 * the 364 before it). Dates after today, duplicates and anything that is not an ISO date are ignored.
 */
export function currentStreak(completedDates: Iterable<string>, today: string): number {
  if (!isIsoDate(today)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${today}`);
  const completed = new Set<string>();
  for (const date of completedDates) if (date <= today) completed.add(date);

  let day = completed.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (streak < STREAK_LOOKBACK_DAYS && completed.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
