import type { CompleteSlotResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay } from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { transactWrite } from '../data/transact';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState } from './week-state';

/** Complete All: ticks every open activity of a slot, and marks the day when that finishes it. */
export async function completeSlot(
  userId: string,
  weekStart: string,
  placement: { day: DayIndex; slot: Slot },
  now: Date,
): Promise<CompleteSlotResponse> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    const dayItems = activitiesOfDay(state.planned, placement.day);
    const open = dayItems.filter((item) => item.slot === placement.slot && item.completedAt === undefined);
    const completedAt = now.toISOString();
    const after = dayItems.map((item) => (open.includes(item) ? { ...item, completedAt } : item));
    const decision = decideDay(state, placement.day, after);
    const result = {
      activities: after.filter((item) => item.slot === placement.slot).map(toPlannedActivity),
      ...afterDayMarks(state, weekStart, [decision]),
    };
    if (open.length === 0 && decision.mark === 'keep') return result;

    await transactWrite({
      TransactItems: [
        ...open.map((item) => ({
          Update: {
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET completedAt = :now',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
            ExpressionAttributeValues: { ':now': completedAt },
          },
        })),
        weekItemUpdate(userId, weekStart, dayRevisions(state.week, { bumped: [], checked: [placement.day] })),
        dayMarkItem(userId, weekStart, decision, now),
      ],
    });
    return result;
  });
}
