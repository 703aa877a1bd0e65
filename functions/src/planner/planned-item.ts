import { randomUUID } from 'node:crypto';
import { placeActivity } from '@bloom/shared/planner/rules';
import type { Activity, DayIndex, Slot } from '@bloom/shared/planner/types';
import type { PlannedItem } from '../data/items';
import { plannedSk, userPk } from '../data/keys';

/** A new planned activity item (shared/src/planner/rules.ts placeActivity says what it copies, and why). */
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
    weekStart,
    ...placeActivity(id, activity, placement),
    createdAt: createdAt.toISOString(),
  };
}
