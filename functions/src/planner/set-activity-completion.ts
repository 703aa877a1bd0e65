import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay } from '@bloom/shared/planner/rules';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState } from './week-state';

/**
 * Ticks or unticks a planned activity. When the tick completes the day's last activity and the day is not
 * marked yet, the same transaction marks the day (the spec's auto-complete) and the answer says so; an untick
 * leaves the mark as it is (docs/rules.md#day-completion).
 */
export async function setActivityCompletion(
  userId: string,
  weekStart: string,
  id: string,
  completed: boolean,
  now: Date,
): Promise<UpdatePlannedActivityResponse> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    const target = state.planned.find((item) => item.id === id);
    if (!target) throw new DomainError('not_found');

    const after = activitiesOfDay(state.planned, target.day).map((item) =>
      item.id === id
        ? { ...item, completedAt: completed ? (item.completedAt ?? now.toISOString()) : undefined }
        : item,
    );
    const updated = after.find((item) => item.id === id) ?? target;
    const decision = decideDay(state, target.day, after);
    const result = { activity: toPlannedActivity(updated), ...afterDayMarks(state, weekStart, [decision]) };
    if ((target.completedAt !== undefined) === completed && decision.mark === 'keep') return result;

    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: { pk: target.pk, sk: target.sk },
            UpdateExpression: completed ? 'SET completedAt = :now' : 'REMOVE completedAt',
            ConditionExpression: 'attribute_exists(pk)',
            ...(completed ? { ExpressionAttributeValues: { ':now': updated.completedAt } } : {}),
          },
        },
        weekItemUpdate(userId, weekStart, dayRevisions(state.week, { bumped: [], checked: [target.day] })),
        dayMarkItem(userId, weekStart, decision, now),
      ],
    });
    return result;
  });
}
