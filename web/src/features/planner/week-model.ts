import { completedDaysAfter, type DayMark, dayMarkAfterChange } from '@bloom/shared/planner/rules';
import type {
  Activity,
  Category,
  DayIndex,
  Edits,
  PlannedActivity,
  Slot,
  WeekView,
} from '@bloom/shared/planner/types';
import { SLOTS } from '@bloom/shared/planner/types';

/**
 * Pure changes and summaries of a loaded week. The planner applies a change at once (optimistically), then
 * either keeps the server's answer or applies the inverse change if the request failed.
 */

type Day = WeekView['days'][number];

function mapDays(week: WeekView, change: (day: Day) => Day): WeekView {
  return { ...week, days: week.days.map(change) };
}

export function findActivity(week: WeekView, id: string): PlannedActivity | undefined {
  for (const day of week.days) {
    const found = day.activities.find((activity) => activity.id === id);
    if (found) return found;
  }
  return undefined;
}

export function setCompleted(
  week: WeekView,
  id: string,
  completed: boolean,
  completedAt: string | null,
): WeekView {
  return mapDays(week, (day) => ({
    ...day,
    activities: day.activities.map((activity) =>
      activity.id === id ? { ...activity, completed, completedAt: completed ? completedAt : null } : activity,
    ),
  }));
}

export function removeActivity(week: WeekView, id: string): WeekView {
  return mapDays(week, (day) => ({
    ...day,
    activities: day.activities.filter((activity) => activity.id !== id),
  }));
}

/** Puts the activity on its day (replacing any copy with the same id, wherever it was). */
export function putActivity(week: WeekView, activity: PlannedActivity, index?: number): WeekView {
  const without = removeActivity(week, activity.id);
  return mapDays(without, (day) => {
    if (day.day !== activity.day) return day;
    const activities = [...day.activities];
    activities.splice(index ?? activities.length, 0, activity);
    return { ...day, activities };
  });
}

const PLACEHOLDER = 'pending:';

/**
 * An activity she added that the server has not placed yet (it has no id of the server's): shown at once, in
 * her words, until the answer replaces it. It cannot be ticked, moved or removed before then.
 */
export function placeholderFor(
  actionKey: string,
  activity: Pick<Activity, 'id' | 'name' | 'icon' | 'duration' | 'category' | 'isCustom'>,
  day: DayIndex,
  slot: Slot,
): PlannedActivity {
  return {
    id: `${PLACEHOLDER}${actionKey}:${activity.id}`,
    activityId: activity.id,
    day,
    slot,
    name: activity.name,
    icon: activity.icon,
    duration: activity.duration,
    category: activity.category,
    isCustom: activity.isCustom,
    completed: false,
    completedAt: null,
  };
}

export function isPlaceholder(id: string): boolean {
  return id.startsWith(PLACEHOLDER);
}

/** The placeholders of one action, gone (its answer came, or it failed). */
export function withoutPlaceholders(week: WeekView, actionKey: string): WeekView {
  const prefix = `${PLACEHOLDER}${actionKey}:`;
  return mapDays(week, (day) => ({
    ...day,
    activities: day.activities.filter((activity) => !activity.id.startsWith(prefix)),
  }));
}

export function indexInDay(week: WeekView, id: string): number {
  for (const day of week.days) {
    const index = day.activities.findIndex((activity) => activity.id === id);
    if (index >= 0) return index;
  }
  return -1;
}

export function moveActivity(week: WeekView, id: string, day: DayIndex, slot: Slot): WeekView {
  const activity = findActivity(week, id);
  if (!activity) return week;
  return putActivity(week, { ...activity, day, slot });
}

export function completeSlot(week: WeekView, day: DayIndex, slot: Slot, completedAt: string): WeekView {
  return mapDays(week, (entry) =>
    entry.day !== day
      ? entry
      : {
          ...entry,
          activities: entry.activities.map((activity) =>
            activity.slot === slot && !activity.completed
              ? { ...activity, completed: true, completedAt }
              : activity,
          ),
        },
  );
}

export function setDayCompleted(week: WeekView, day: DayIndex, completed: boolean): WeekView {
  const others = week.completedDays.filter((entry) => entry !== day);
  const completedDays = completed ? [...others, day].sort((a, b) => a - b) : others;
  return { ...week, completedDays };
}

/** A day whose mark a change moved: what undoing that change must take back. */
export interface DayMarkChange {
  day: DayIndex;
  mark: Exclude<DayMark, 'keep'>;
}

const activitiesOn = (week: WeekView, day: DayIndex) =>
  week.days.find((entry) => entry.day === day)?.activities ?? [];

/**
 * The shared day-completion rule (docs/rules.md#day-completion) applied to the days a change touched, as the
 * server will apply it: `after` is the week with the change shown, `before` the week it was made on.
 */
export function withDayMarks(
  before: WeekView,
  after: WeekView,
  days: readonly DayIndex[],
): { week: WeekView; marks: DayMarkChange[] } {
  const marks: DayMarkChange[] = [];
  for (const day of new Set(days)) {
    // A rest day stays one whatever its activities do (docs/rules.md#rest-days).
    if (before.restDays.includes(day)) continue;
    const mark = dayMarkAfterChange({
      marked: before.completedDays.includes(day),
      before: activitiesOn(before, day),
      after: activitiesOn(after, day),
    });
    if (mark !== 'keep') marks.push({ day, mark });
  }
  const completedDays = marks.reduce(
    (current, { day, mark }) => completedDaysAfter(current, day, mark),
    after.completedDays,
  );
  return { week: { ...after, completedDays }, marks };
}

/** Takes back the marks a change showed (and only those: other changes may be in flight). */
export function undoDayMarks(week: WeekView, marks: readonly DayMarkChange[]): WeekView {
  return marks.reduce((current, { day, mark }) => setDayCompleted(current, day, mark === 'unmark'), week);
}

/** Shows the day as her rest day, or takes it back (docs/rules.md#rest-days). */
export function setRestDay(week: WeekView, day: DayIndex, rest: boolean): WeekView {
  const others = week.restDays.filter((entry) => entry !== day);
  return { ...week, restDays: rest ? [...others, day].sort((a, b) => a - b) : others };
}

export function withProgress(week: WeekView, completedDays: DayIndex[], streak: number): WeekView {
  return { ...week, completedDays, streak };
}

export function withEdits(week: WeekView, edits: Edits): WeekView {
  return { ...week, edits };
}

/** The same activities, each the very same object, in the same order (a slot's list made again from its day). */
export function sameActivities(
  before: readonly PlannedActivity[],
  after: readonly PlannedActivity[],
): boolean {
  return before.length === after.length && before.every((activity, index) => activity === after[index]);
}

export function activitiesIn(day: Day, slot: Slot): PlannedActivity[] {
  return day.activities.filter((activity) => activity.slot === slot);
}

export interface Totals {
  minutes: number;
  completed: number;
  total: number;
}

export function totalsOf(activities: readonly PlannedActivity[]): Totals {
  return {
    minutes: activities.reduce((sum, activity) => sum + activity.duration, 0),
    completed: activities.filter((activity) => activity.completed).length,
    total: activities.length,
  };
}

export function slotsOf(day: Day): Array<{ slot: Slot; activities: PlannedActivity[] }> {
  return SLOTS.map((slot) => ({ slot, activities: activitiesIn(day, slot) }));
}

/** The three categories the Week at a Glance panel always shows (docs/rules.md#screens). */
export const GLANCE_CATEGORIES = ['Mental', 'Physical', 'Social'] as const satisfies readonly Category[];

export interface Glance {
  activities: number;
  activitiesPerDay: number;
  minutes: number;
  minutesPerDay: number;
  daysCompleted: number;
  /** Her rest day, if she took one this week: 0 or 1. */
  restDays: number;
  percentOfWeek: number;
  categories: Record<(typeof GLANCE_CATEGORIES)[number], number>;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function glanceOf(week: WeekView): Glance {
  const all = week.days.flatMap((day) => day.activities);
  const { minutes } = totalsOf(all);
  const daysCompleted = new Set(week.completedDays).size;
  const count = (category: Category) => all.filter((activity) => activity.category === category).length;
  return {
    activities: all.length,
    activitiesPerDay: oneDecimal(all.length / 7),
    minutes,
    minutesPerDay: Math.round(minutes / 7),
    daysCompleted,
    restDays: week.restDays.length,
    percentOfWeek: Math.round((daysCompleted / 7) * 100),
    categories: { Mental: count('Mental'), Physical: count('Physical'), Social: count('Social') },
  };
}
