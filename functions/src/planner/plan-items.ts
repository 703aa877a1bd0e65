import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import type { PlanEntry } from '@bloom/shared/plan/generate-plan';
import type { PlannedItem } from '../data/items';
import { newPlannedItem } from './planned-item';

/*
 * Apart from planned-item.ts so that a function placing one activity (a custom one, an addition) does not bundle
 * the catalogue, which only a default plan reads.
 */

/** The items of a default plan's entries, a millisecond apart so the week reads back in the plan's order. */
export function planItems(
  userId: string,
  weekStart: string,
  entries: readonly PlanEntry[],
  now: Date,
): PlannedItem[] {
  return entries.flatMap((entry, index) => {
    const activity = findCatalogueActivity(entry.activityId);
    return activity
      ? [newPlannedItem(userId, weekStart, entry, activity, new Date(now.getTime() + index))]
      : [];
  });
}
