import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DayCompletionResponse } from '@bloom/shared/api/schemas';
import type { DayIndex } from '@bloom/shared/planner/types';
import { dateOfDay } from '@bloom/shared/week/week';
import { documentClient, tableName } from '../data/client';
import { completedDaySk, userPk } from '../data/keys';
import { DomainError } from '../domain-error';
import { COMPLETED_MARK, markDayComplete } from './day-guard';
import { afterDayMarks, readWeekState } from './week-state';

/**
 * Mark Day Complete / unmark: one item per completed day, so the streak reads them by date. Her own toggle
 * needs no day revision: it decides nothing from the activities (docs/rules.md#day-completion). Her rest day
 * is the same item with another kind: it is neither marked nor unmarked here (docs/rules.md#rest-days).
 */
export async function setDayCompletion(
  userId: string,
  weekStart: string,
  day: DayIndex,
  completed: boolean,
  now: Date,
): Promise<DayCompletionResponse> {
  const state = await readWeekState(userId, weekStart, now);
  if (completed && state.restDays.includes(day)) throw new DomainError('day_is_rest_day');
  if (state.weekDays.includes(day) !== completed) {
    try {
      if (completed) {
        await documentClient.send(new PutCommand(markDayComplete(userId, weekStart, day, now).Put));
      } else {
        await documentClient.send(
          new DeleteCommand({
            TableName: tableName(),
            Key: { pk: userPk(userId), sk: completedDaySk(dateOfDay(weekStart, day)) },
            // Never a rest day taken meanwhile.
            ConditionExpression: COMPLETED_MARK,
          }),
        );
      }
    } catch (error) {
      // Already marked (or unmarked) by another request: the outcome the caller asked for holds.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  const { completedDays, streak } = afterDayMarks(state, weekStart, [
    { day, mark: completed ? 'mark' : 'unmark' },
  ]);
  return { completedDays, streak };
}
