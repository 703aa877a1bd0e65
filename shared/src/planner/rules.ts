import type { Activity, DayIndex, Edits, PlannedActivity, Slot, Tier } from './types';
import { FREE_WEEKLY_EDIT_LIMIT, MAX_ACTIVITIES_PER_SLOT } from './types';

/** Weekly edits as the user sees them: the free plan counts down from 10, Pro has no limit. */
export function editsFor(used: number, tier: Tier): Edits {
  if (tier === 'pro') return { used, limit: null, remaining: null };
  return { used, limit: FREE_WEEKLY_EDIT_LIMIT, remaining: Math.max(0, FREE_WEEKLY_EDIT_LIMIT - used) };
}

/** How many of `requested` additions the plan allows now. */
export function allowedAdditions(requested: number, used: number, tier: Tier): number {
  if (tier === 'pro') return requested;
  return Math.max(0, Math.min(requested, FREE_WEEKLY_EDIT_LIMIT - used));
}

/** A day is complete when it has at least one activity and every one is done. */
export function isDayComplete(activities: readonly Pick<PlannedActivity, 'completed'>[]): boolean {
  return activities.length > 0 && activities.every((activity) => activity.completed);
}

/** What a write does to a day's "complete" mark. */
export type DayMark = 'mark' | 'unmark' | 'keep';

/** An activity of a day as the completion rule sees it. */
export type DayEntry = Pick<PlannedActivity, 'id' | 'completed'>;

/**
 * Day completion, kept true by every write that changes a day's activities (docs/rules.md#day-completion):
 * - the day is complete by `isDayComplete` after the write and not marked: mark it (auto-complete);
 * - it is marked, was complete before the write, and is not after because it gained an open activity or lost
 *   its last one: unmark it;
 * - otherwise keep the mark as it is. A day she marked by hand with activities still open stays marked, and
 *   unticking an activity never unmarks (taking the mark back is hers, with the toggle).
 * `before` and `after` are the day's activities around the write; the write names the day (a move names two).
 */
export function dayMarkAfterChange({
  marked,
  before,
  after,
}: {
  marked: boolean;
  before: readonly DayEntry[];
  after: readonly DayEntry[];
}): DayMark {
  if (!marked) return isDayComplete(after) ? 'mark' : 'keep';
  if (isDayComplete(after) || !isDayComplete(before)) return 'keep';
  const had = new Set(before.map((activity) => activity.id));
  const gainedOpen = after.some((activity) => !activity.completed && !had.has(activity.id));
  return after.length === 0 || gainedOpen ? 'unmark' : 'keep';
}

/** The week's marked days once a decision is carried out, in day order. */
export function completedDaysAfter(
  completedDays: readonly DayIndex[],
  day: DayIndex,
  mark: DayMark,
): DayIndex[] {
  if (mark === 'keep') return [...completedDays];
  const others = completedDays.filter((entry) => entry !== day);
  return mark === 'mark' ? [...others, day].sort((a, b) => a - b) : others;
}

export function activitiesOfDay<T extends Pick<PlannedActivity, 'day'>>(
  activities: readonly T[],
  day: DayIndex,
): T[] {
  return activities.filter((activity) => activity.day === day);
}

export function activitiesOfSlot<T extends Pick<PlannedActivity, 'day' | 'slot'>>(
  activities: readonly T[],
  day: DayIndex,
  slot: Slot,
): T[] {
  return activities.filter((activity) => activity.day === day && activity.slot === slot);
}

export type SlotCheck = 'ok' | 'duplicate' | 'full';

/** Whether these activities may join a slot: no activity twice in a slot, and a slot holds a bounded number. */
export function checkSlotAdditions(
  existing: readonly Pick<PlannedActivity, 'activityId'>[],
  activityIds: readonly string[],
): SlotCheck {
  const present = new Set(existing.map((activity) => activity.activityId));
  const requested = new Set<string>();
  for (const id of activityIds) {
    if (present.has(id) || requested.has(id)) return 'duplicate';
    requested.add(id);
  }
  return existing.length + activityIds.length > MAX_ACTIVITIES_PER_SLOT ? 'full' : 'ok';
}

/** A planned activity as first placed: not done yet. */
export type NewPlannedActivity = Omit<PlannedActivity, 'completed' | 'completedAt'>;

/**
 * An activity placed on a day and slot of a week. It copies the activity's fields, so a week reads back in one
 * request and a later change to a custom activity does not rewrite weeks already planned.
 */
export function placeActivity(
  id: string,
  activity: Activity,
  placement: { day: DayIndex; slot: Slot },
): NewPlannedActivity {
  return {
    id,
    activityId: activity.id,
    day: placement.day,
    slot: placement.slot,
    name: activity.name,
    icon: activity.icon,
    duration: activity.duration,
    category: activity.category,
    isCustom: activity.isCustom,
  };
}
