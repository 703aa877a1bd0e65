import {
  type ProgressActivity,
  type ProgressView,
  progressFrom,
  progressSummary,
} from '@bloom/shared/progress/progress';
import { STREAK_LOOKBACK_DAYS } from '@bloom/shared/streak/streak';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@bloom/shared/week/week';
import { refuseWhileDeleting } from '../account/deletion-mark';
import { type PlannedItem, REST_KIND } from '../data/items';
import { getProfile, queryCompletedDays, queryWeeksBetween } from '../data/reads';

/**
 * "Your progress" (docs/rules.md#progress) with three requests sent at once: her profile (for her today), one
 * Query over her day marks (the streak window, which holds the 12 weeks), one Query over the weeks' items (the
 * week items and their activities sort together under `WEEK#`). Her time zone is not known until the profile
 * arrives, so both ranges are widened by a day on each side, and the summary keeps what is hers.
 */
export async function readProgress(userId: string, now: Date): Promise<ProgressView> {
  const utcToday = todayIn('UTC', now);
  const earliest = addDays(utcToday, -1);
  const latest = addDays(utcToday, 1);
  const from = [progressFrom(earliest), addDays(earliest, -STREAK_LOOKBACK_DAYS)].sort()[0] ?? earliest;
  const [profile, marks, weekItems] = await Promise.all([
    getProfile(userId),
    queryCompletedDays(userId, from, addDays(latest, 6)),
    queryWeeksBetween(userId, progressFrom(earliest), latest),
  ]);
  refuseWhileDeleting(profile);
  const today = todayIn(profile?.timeZone ?? DEFAULT_TIME_ZONE, now);
  const activities: ProgressActivity[] = weekItems
    .filter((item): item is PlannedItem => 'activityId' in item)
    .map((item) => ({
      weekStart: item.weekStart,
      category: item.category,
      duration: item.duration,
      completed: item.completedAt !== undefined,
    }));
  return progressSummary(
    today,
    marks.map((mark) => ({ date: mark.date, rest: mark.kind === REST_KIND })),
    activities,
  );
}
