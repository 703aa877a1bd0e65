import type { RestDayResponse } from '@bloom/shared/api/schemas';
import { restDayChange } from '@bloom/shared/planner/rest-day';
import type { DayIndex } from '@bloom/shared/planner/types';
import { currentStreak } from '@bloom/shared/streak/streak';
import { dateOfDay } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import { REST_KIND } from '../data/items';
import { completedDaySk, userPk, weekSk } from '../data/keys';
import { type TransactItem, transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { retryWhenRefused } from './day-guard';
import { readWeekState } from './week-state';

/**
 * Rest day (docs/rules.md#rest-days): the day's `DAY#` mark with `kind: 'rest'`, so a day is completed or
 * rested, never both, and the week item's `restDay` in the same transaction, on condition that the week has
 * none: two tabs asking at once for two days can never both win. Taking it back deletes both, on condition
 * that they are still this rest day. A refused transaction reads and decides again.
 */
export async function setRestDay(
  userId: string,
  weekStart: string,
  day: DayIndex,
  rest: boolean,
  now: Date,
): Promise<RestDayResponse> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    const change = restDayChange({ restDays: state.restDays, completedDays: state.weekDays }, day, rest);
    if (change === 'limit') throw new DomainError('rest_day_limit');
    if (change === 'completed') throw new DomainError('day_already_complete');
    if (change !== 'none')
      await transactWrite({ TransactItems: restDayItems(userId, weekStart, day, change, now) });

    const date = dateOfDay(weekStart, day);
    const restDays = change === 'rest' ? [day] : change === 'undo' ? [] : state.restDays;
    const others = state.restDates.filter((entry) => entry !== date);
    const restDates = restDays.includes(day) ? [...others, date] : others;
    return {
      completedDays: state.weekDays,
      restDays,
      streak: currentStreak(state.completedDates, state.today, restDates),
    };
  });
}

function restDayItems(
  userId: string,
  weekStart: string,
  day: DayIndex,
  change: 'rest' | 'undo',
  now: Date,
): TransactItem[] {
  const date = dateOfDay(weekStart, day);
  const markKey = { pk: userPk(userId), sk: completedDaySk(date) };
  const weekKey = { pk: userPk(userId), sk: weekSk(weekStart) };
  if (change === 'rest') {
    return [
      {
        Put: {
          TableName: tableName(),
          Item: { ...markKey, weekStart, day, date, kind: REST_KIND, restedAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: weekKey,
          UpdateExpression: 'SET weekStart = :weekStart, restDay = :day',
          ConditionExpression: 'attribute_not_exists(restDay)',
          ExpressionAttributeValues: { ':weekStart': weekStart, ':day': day },
        },
      },
    ];
  }
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: markKey,
        ConditionExpression: 'kind = :rest',
        ExpressionAttributeValues: { ':rest': REST_KIND },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: weekKey,
        UpdateExpression: 'REMOVE restDay',
        ConditionExpression: 'restDay = :day',
        ExpressionAttributeValues: { ':day': day },
      },
    },
  ];
}
