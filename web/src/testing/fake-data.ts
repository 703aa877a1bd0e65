import { editsFor, placeActivity } from '@bloom/shared/planner/rules';
import type { Activity, DayIndex, PlannedActivity, Slot, WeekView } from '@bloom/shared/planner/types';
import { addDays } from '@bloom/shared/week/week';

/** Test data for component tests: the week on screen, today, a small library, planned activities. */

export const WEEK_START = '2026-11-16';
export const TODAY = '2026-11-18';

export const LIBRARY: Activity[] = [
  {
    id: 'gratitude',
    name: 'Gratitude journal',
    category: 'Mental',
    duration: 5,
    icon: '📓',
    timePeriod: 'Morning',
    isCustom: false,
  },
  {
    id: 'stretch',
    name: 'Gentle stretch',
    category: 'Physical',
    duration: 10,
    icon: '🤸',
    timePeriod: 'Any',
    isCustom: false,
  },
  {
    id: 'call-friend',
    name: 'Call a friend',
    category: 'Social',
    duration: 15,
    icon: '📞',
    timePeriod: 'Evening',
    isCustom: false,
  },
  {
    id: 'candle',
    name: 'Light a candle',
    category: 'Sensory',
    duration: 5,
    icon: '🕯️',
    timePeriod: 'Evening',
    isCustom: false,
  },
];

let sequence = 0;

/** A new planned activity's id, unique in this test run (`p1`, `p2`...). */
export function nextPlannedId(): string {
  sequence += 1;
  return `p${sequence}`;
}

export function planned(activityId: string, day: DayIndex, slot: Slot, completed = false): PlannedActivity {
  const activity = LIBRARY.find((entry) => entry.id === activityId) ?? LIBRARY[0];
  if (!activity) throw new Error('empty library');
  return {
    ...placeActivity(nextPlannedId(), activity, { day, slot }),
    completed,
    completedAt: completed ? '2026-11-18T08:00:00.000Z' : null,
  };
}

export function makeWeek(activities: PlannedActivity[], overrides: Partial<WeekView> = {}): WeekView {
  return {
    weekStart: WEEK_START,
    days: ([0, 1, 2, 3, 4, 5, 6] as DayIndex[]).map((day) => ({
      day,
      date: addDays(WEEK_START, day),
      activities: activities.filter((activity) => activity.day === day),
    })),
    completedDays: [],
    restDays: [],
    edits: editsFor(0, 'free'),
    streak: 0,
    today: TODAY,
    ...overrides,
  };
}
