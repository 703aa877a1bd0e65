import type { Category, DayIndex } from '../planner/types';
import { currentStreak } from '../streak/streak';
import { addDays, addWeeks, weekStartOf } from '../week/week';

/** "Your progress" shows this many weeks, the current one last (docs/rules.md#progress). */
export const PROGRESS_WEEKS = 12;

export type ProgressDayState = 'complete' | 'rest' | 'open' | 'future';

export interface ProgressDay {
  date: string;
  day: DayIndex;
  state: ProgressDayState;
}

export interface ProgressWeek {
  weekStart: string;
  days: ProgressDay[];
  /** Minutes of the activities she ticked that week. */
  minutes: number;
  completedDays: number;
  restDays: number;
}

export interface ProgressView {
  today: string;
  /** Oldest first; the last is the week holding today. */
  weeks: ProgressWeek[];
  /** The categories of the activities she ticked in those weeks, most ticked first; none she never ticked. */
  categories: Array<{ category: Category; activities: number; minutes: number }>;
  streak: number;
}

/** A day's mark as read: completed, or her rest day. */
export interface ProgressMark {
  date: string;
  rest: boolean;
}

/** A planned activity as progress counts it. */
export interface ProgressActivity {
  weekStart: string;
  category: Category;
  duration: number;
  completed: boolean;
}

/** The first Monday of the progress window that ends with today's week. */
export function progressFrom(today: string): string {
  return addWeeks(weekStartOf(today), -(PROGRESS_WEEKS - 1));
}

/**
 * Her last PROGRESS_WEEKS weeks (docs/rules.md#progress): each day completed, rested, open or still to come;
 * minutes ticked per week; the categories she ticks most; and the streak (marks from the whole streak window
 * make it exact). Marks and activities outside the window are ignored.
 */
export function progressSummary(
  today: string,
  marks: readonly ProgressMark[],
  activities: readonly ProgressActivity[],
): ProgressView {
  const from = progressFrom(today);
  const completed = new Set(marks.filter((mark) => !mark.rest).map((mark) => mark.date));
  const rested = new Set(marks.filter((mark) => mark.rest).map((mark) => mark.date));
  const weeks: ProgressWeek[] = Array.from({ length: PROGRESS_WEEKS }, (_, index) => {
    const weekStart = addWeeks(from, index);
    const days = ([0, 1, 2, 3, 4, 5, 6] as const).map((day): ProgressDay => {
      const date = addDays(weekStart, day);
      const state: ProgressDayState = completed.has(date)
        ? 'complete'
        : rested.has(date)
          ? 'rest'
          : date > today
            ? 'future'
            : 'open';
      return { date, day, state };
    });
    const ticked = activities.filter((activity) => activity.weekStart === weekStart && activity.completed);
    return {
      weekStart,
      days,
      minutes: ticked.reduce((sum, activity) => sum + activity.duration, 0),
      completedDays: days.filter((day) => day.state === 'complete').length,
      restDays: days.filter((day) => day.state === 'rest').length,
    };
  });

  const inWindow = new Set(weeks.map((week) => week.weekStart));
  const byCategory = new Map<Category, { activities: number; minutes: number }>();
  for (const activity of activities) {
    if (!activity.completed || !inWindow.has(activity.weekStart)) continue;
    const entry = byCategory.get(activity.category) ?? { activities: 0, minutes: 0 };
    entry.activities += 1;
    entry.minutes += activity.duration;
    byCategory.set(activity.category, entry);
  }
  const categories = [...byCategory.entries()]
    .map(([category, entry]) => ({ category, ...entry }))
    .sort(
      (a, b) => b.activities - a.activities || b.minutes - a.minutes || a.category.localeCompare(b.category),
    );

  return {
    today,
    weeks,
    categories,
    streak: currentStreak(completed, today, rested),
  };
}
