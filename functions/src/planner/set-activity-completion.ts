import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay, isDayComplete } from '@bloom/shared/planner/rules';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { TransactionRefused, transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { markDayComplete, unchangedSince } from './day-guard';
import { afterDayChange, readWeekState } from './week-state';

const MAX_ATTEMPTS = 3;

/**
 * Ticks or unticks a planned activity. When the tick completes the day's last activity and the day is not
 * marked yet, the same transaction marks the day (auto-complete, docs/rules.md#day-completion) and the answer
 * says so.
 */
export async function setActivityCompletion(
  userId: string,
  weekStart: string,
  id: string,
  completed: boolean,
  now: Date,
): Promise<UpdatePlannedActivityResponse> {
  for (let attempt = 1; ; attempt++) {
    const state = await readWeekState(userId, weekStart, now);
    const target = state.planned.find((item) => item.id === id);
    if (!target) throw new DomainError('not_found');

    const dayItems = activitiesOfDay(state.planned, target.day);
    const after = dayItems.map((item) =>
      item.id === id
        ? { ...item, completedAt: completed ? (item.completedAt ?? now.toISOString()) : undefined }
        : item,
    );
    const updated = after.find((item) => item.id === id) ?? target;
    const alreadyMarked = state.weekDays.includes(target.day);
    const marksDay =
      completed &&
      !alreadyMarked &&
      isDayComplete(after.map((item) => ({ completed: item.completedAt !== undefined })));
    const unchanged = (target.completedAt !== undefined) === completed;
    const result = (): UpdatePlannedActivityResponse => ({
      activity: toPlannedActivity(updated),
      dayCompleted: marksDay,
      ...(marksDay
        ? afterDayChange(state, weekStart, target.day, true)
        : { completedDays: state.weekDays, streak: state.streak }),
    });
    if (unchanged && !marksDay) return result();

    try {
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
          ...unchangedSince(dayItems.filter((item) => item.id !== id)),
          ...(marksDay ? [markDayComplete(userId, weekStart, target.day, now)] : []),
        ],
      });
      return result();
    } catch (error) {
      if (!(error instanceof TransactionRefused) || attempt >= MAX_ATTEMPTS) throw error;
      // Something this decision rested on changed meanwhile (or the activity was removed): decide again.
    }
  }
}
