import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import {
  activitiesOfSlot,
  allowedAdditions,
  checkSlotAdditions,
  editsFor,
} from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { getProfile, queryWeek } from '../data/reads';
import { TransactionRefused, transactWriteNamed } from '../data/transact';
import { DomainError } from '../domain-error';
import { countEdits } from './edit-counter';
import { newPlannedItem } from './planned-item';
import { resolveActivities } from './resolve-activities';

/** Races with other adds are settled by the counter's condition; each lost race costs one more attempt. */
const MAX_ATTEMPTS = 5;

/**
 * Adds activities to a slot, each as one edit, in one transaction with the edit counter. On the free plan only
 * as many as the week has edits left are added; the rest are returned as refused (403 when none fit).
 */
export async function addActivities(
  userId: string,
  weekStart: string,
  placement: { day: DayIndex; slot: Slot },
  activityIds: readonly string[],
  now: Date,
): Promise<AddActivitiesResponse> {
  const [profile, { week, planned }, activities] = await Promise.all([
    getProfile(userId),
    queryWeek(userId, weekStart),
    resolveActivities(userId, activityIds),
  ]);
  const tier = profile?.tier ?? 'free';
  const slotCheck = checkSlotAdditions(activitiesOfSlot(planned, placement.day, placement.slot), activityIds);
  if (slotCheck === 'duplicate') throw new DomainError('already_exists');
  if (slotCheck === 'full') throw new DomainError('slot_full');

  let used = week?.edits ?? 0;
  for (let attempt = 1; ; attempt++) {
    const count = allowedAdditions(activities.length, used, tier);
    if (count === 0) throw new DomainError('edit_limit_reached');
    const items = activities.slice(0, count).map((activity, index) =>
      // A millisecond apart so they read back in the order they were chosen.
      newPlannedItem(userId, weekStart, placement, activity, new Date(now.getTime() + index)),
    );
    try {
      await transactWriteNamed({
        weekEdits: countEdits(userId, weekStart, count, tier),
        ...Object.fromEntries(
          items.map((Item) => [
            Item.sk,
            { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ]),
        ),
      });
      return {
        added: items.map(toPlannedActivity),
        refused: activityIds.slice(count),
        edits: editsFor(used + count, tier),
      };
    } catch (error) {
      const counter = error instanceof TransactionRefused ? error.conditionFailedOn('weekEdits') : undefined;
      if (!counter || attempt >= MAX_ATTEMPTS) throw error;
      used = Number(counter.item?.edits ?? used);
    }
  }
}
