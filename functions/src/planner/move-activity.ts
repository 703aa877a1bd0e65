import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay, activitiesOfSlot, checkSlotAdditions } from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState } from './week-state';

/**
 * Moves a planned activity to another day or slot of the same week (drag to rearrange). Not an edit. Both days
 * keep their marks true in the same transaction: the day it leaves may now be complete, the day it joins may
 * no longer be (docs/rules.md#day-completion).
 */
export async function moveActivity(
  userId: string,
  weekStart: string,
  id: string,
  to: { day: DayIndex; slot: Slot },
  now: Date,
): Promise<UpdatePlannedActivityResponse> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    const target = state.planned.find((item) => item.id === id);
    if (!target) throw new DomainError('not_found');
    const moved = { ...target, ...to };
    if (target.day === to.day && target.slot === to.slot) {
      return { activity: toPlannedActivity(moved), ...afterDayMarks(state, weekStart, []) };
    }
    const check = checkSlotAdditions(activitiesOfSlot(state.planned, to.day, to.slot), [target.activityId]);
    if (check === 'duplicate') throw new DomainError('already_exists');
    if (check === 'full') throw new DomainError('slot_full');

    const planned = state.planned.map((item) => (item.id === id ? moved : item));
    const days = [...new Set([target.day, to.day])];
    const decisions = days.map((day) => decideDay(state, day, activitiesOfDay(planned, day)));
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: { pk: target.pk, sk: target.sk },
            UpdateExpression: 'SET #day = :day, slot = :slot',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#day': 'day' },
            ExpressionAttributeValues: { ':day': to.day, ':slot': to.slot },
          },
        },
        weekItemUpdate(userId, weekStart, dayRevisions(state.week, { bumped: [], checked: days })),
        ...decisions.map((decision) => dayMarkItem(userId, weekStart, decision, now)),
      ],
    });
    return { activity: toPlannedActivity(moved), ...afterDayMarks(state, weekStart, decisions) };
  });
}
