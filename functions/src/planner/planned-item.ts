import { randomUUID } from 'node:crypto';
import type { Activity, DayIndex, Slot } from '@bloom/shared/planner/types';
import type { PlannedItem } from '../data/items';
import { plannedSk, userPk } from '../data/keys';

/** A new planned activity; it copies the activity's fields so a week reads back in one Query. */
export function newPlannedItem(
  userId: string,
  weekStart: string,
  placement: { day: DayIndex; slot: Slot },
  activity: Activity,
  createdAt: Date,
): PlannedItem {
  const id = randomUUID();
  return {
    pk: userPk(userId),
    sk: plannedSk(weekStart, id),
    id,
    weekStart,
    activityId: activity.id,
    day: placement.day,
    slot: placement.slot,
    name: activity.name,
    icon: activity.icon,
    duration: activity.duration,
    category: activity.category,
    isCustom: activity.isCustom,
    createdAt: createdAt.toISOString(),
  };
}
