import type { RemoveActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay } from '@bloom/shared/planner/rules';
import { tableName } from '../data/client';
import { transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState } from './week-state';

/**
 * Removes a planned activity, and keeps its day's mark true in the same transaction: removing the last open
 * activity of a day whose others are done completes it, removing a completed day's last one unmarks it
 * (docs/rules.md#day-completion). Ids are looked up in the caller's own partition, so others' ids are a 404.
 */
export async function removeActivity(
  userId: string,
  weekStart: string,
  id: string,
  now: Date,
): Promise<RemoveActivityResponse> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    const target = state.planned.find((item) => item.id === id);
    if (!target) throw new DomainError('not_found');
    const after = activitiesOfDay(state.planned, target.day).filter((item) => item.id !== id);
    const decision = decideDay(state, target.day, after);
    await transactWrite({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: { pk: target.pk, sk: target.sk },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        weekItemUpdate(userId, weekStart, dayRevisions(state.week, { bumped: [], checked: [target.day] })),
        dayMarkItem(userId, weekStart, decision, now),
      ],
    });
    return afterDayMarks(state, weekStart, [decision]);
  });
}
