import type { DayMarking } from '@bloom/shared/api/schemas';
import { completedDaysAfter, type DayMark } from '@bloom/shared/planner/rules';
import type { DayIndex, Tier } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { currentStreak, STREAK_LOOKBACK_DAYS } from '@bloom/shared/streak/streak';
import { addDays, DEFAULT_TIME_ZONE, dateOfDay, todayIn } from '@bloom/shared/week/week';
import { refuseWhileDeleting } from '../account/deletion-mark';
import {
  type CompletedDayItem,
  type PlannedItem,
  type ProfileItem,
  REST_KIND,
  type WeekItem,
} from '../data/items';
import { byCodeUnit } from '../data/order';
import { getProfile, queryCompletedDays, queryWeek } from '../data/reads';

/** Everything a planner action needs to decide, read with three requests sent at once. */
export interface WeekState {
  profile?: ProfileItem;
  tier: Tier;
  timeZone: string;
  answers: QuizAnswers;
  today: string;
  week?: WeekItem;
  planned: PlannedItem[];
  /** Completed days of this week, by index. */
  weekDays: DayIndex[];
  /** This week's rest day, if any (docs/rules.md#rest-days): a mark of its own, never in `weekDays`. */
  restDays: DayIndex[];
  /** Completed dates in the streak window (and this week). */
  completedDates: string[];
  /** Rest days in the streak window (and this week): the streak steps over them. */
  restDates: string[];
  streak: number;
}

/**
 * Reads the profile, the week (counter + activities) and the completed days in parallel. The day range covers
 * this week and the streak window; the user's time zone is not known until the profile arrives, so the window
 * is widened by a day on each side (every zone's today lies within a day of UTC's).
 */
export async function readWeekState(userId: string, weekStart: string, now: Date): Promise<WeekState> {
  const utcToday = todayIn('UTC', now);
  const weekEnd = addDays(weekStart, 6);
  const streakFrom = addDays(utcToday, -(STREAK_LOOKBACK_DAYS + 1));
  const from = byCodeUnit(weekStart, streakFrom) < 0 ? weekStart : streakFrom;
  const to = byCodeUnit(weekEnd, addDays(utcToday, 1)) > 0 ? weekEnd : addDays(utcToday, 1);

  const [profile, { week, planned }, days] = await Promise.all([
    getProfile(userId),
    queryWeek(userId, weekStart),
    queryCompletedDays(userId, from, to),
  ]);
  refuseWhileDeleting(profile);
  const timeZone = profile?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone, now);
  const rest = (day: CompletedDayItem) => day.kind === REST_KIND;
  const completed = days.filter((day) => !rest(day));
  const rested = days.filter(rest);
  const ofWeek = (marks: CompletedDayItem[]) =>
    completedDayIndexes(marks.filter((day) => day.weekStart === weekStart).map((day) => day.day));
  return {
    profile,
    tier: profile?.tier ?? 'free',
    timeZone,
    answers: profile?.quizAnswers ?? DEFAULT_QUIZ_ANSWERS,
    today,
    week,
    planned,
    weekDays: ofWeek(completed),
    restDays: ofWeek(rested),
    completedDates: completed.map((day) => day.date),
    restDates: rested.map((day) => day.date),
    streak: currentStreak(
      completed.map((day) => day.date),
      today,
      rested.map((day) => day.date),
    ),
  };
}

export function completedDayIndexes(days: Iterable<DayIndex>): DayIndex[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The week's completed days and the streak once the days' marks are carried out. */
export function afterDayMarks(
  state: WeekState,
  weekStart: string,
  marks: readonly { day: DayIndex; mark: DayMark }[],
): DayMarking {
  let days = state.weekDays;
  let dates = state.completedDates;
  for (const { day, mark } of marks) {
    const date = dateOfDay(weekStart, day);
    days = completedDaysAfter(days, day, mark);
    if (mark === 'mark') dates = [...dates, date];
    if (mark === 'unmark') dates = dates.filter((entry) => entry !== date);
  }
  return {
    dayCompleted: marks.some(({ mark }) => mark === 'mark'),
    completedDays: days,
    streak: currentStreak(dates, state.today, state.restDates),
  };
}
