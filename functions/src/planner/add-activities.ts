import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import {
  activitiesOfDay,
  activitiesOfSlot,
  allowedAdditions,
  checkSlotAdditions,
  editsFor,
} from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { transactWriteNamed } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { countEdits } from './edit-counter';
import { newPlannedItem } from './planned-item';
import { resolveActivities } from './resolve-activities';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState } from './week-state';

/**
 * Adds activities to a slot, each as one edit, in one transaction with the edit counter. On the free plan only
 * as many as the week has edits left are added; the rest are returned as refused (403 when none fit). A
 * completed day that gains these open activities is unmarked in the same transaction
 * (docs/rules.md#day-completion).
 */
export async function addActivities(
  userId: string,
  weekStart: string,
  placement: { day: DayIndex; slot: Slot },
  activityIds: readonly string[],
  now: Date,
): Promise<AddActivitiesResponse> {
  const resolving = resolveActivities(userId, activityIds);
  return retryWhenRefused(async () => {
    const [state, activities] = await Promise.all([readWeekState(userId, weekStart, now), resolving]);
    const slotCheck = checkSlotAdditions(
      activitiesOfSlot(state.planned, placement.day, placement.slot),
      activityIds,
    );
    if (slotCheck === 'duplicate') throw new DomainError('already_exists');
    if (slotCheck === 'full') throw new DomainError('slot_full');

    const used = state.week?.edits ?? 0;
    const count = allowedAdditions(activities.length, used, state.tier);
    if (count === 0) throw new DomainError('edit_limit_reached');
    const items = activities.slice(0, count).map((activity, index) =>
      // A millisecond apart so they read back in the order they were chosen.
      newPlannedItem(userId, weekStart, placement, activity, new Date(now.getTime() + index)),
    );
    const decision = decideDay(state, placement.day, [
      ...activitiesOfDay(state.planned, placement.day),
      ...items,
    ]);
    await transactWriteNamed({
      // Open activities joining an unmarked day can only keep it unmarked, whatever else changed in the day:
      // checking that it is still unmarked is enough, and concurrent adds to one day do not refuse each other.
      week: weekItemUpdate(
        userId,
        weekStart,
        countEdits(count, state.tier),
        dayRevisions(state.week, {
          bumped: [placement.day],
          checked: decision.marked ? [placement.day] : [],
        }),
      ),
      dayMark: dayMarkItem(userId, weekStart, decision, now),
      ...Object.fromEntries(
        items.map((Item) => [
          Item.sk,
          { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ]),
      ),
    });
    const { completedDays, streak } = afterDayMarks(state, weekStart, [decision]);
    return {
      added: items.map(toPlannedActivity),
      refused: activityIds.slice(count),
      edits: editsFor(used + count, state.tier),
      completedDays,
      streak,
    };
  });
}
