import type { DayIndex } from '@bloom/shared/planner/types';
import { dateOfDay } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import type { PlannedItem } from '../data/items';
import { completedDaySk, userPk } from '../data/keys';

/**
 * Whether a day is complete is decided from a read of its activities. These condition checks make the write
 * fail if any of them changed since that read (another tab ticked or unticked one), so two last ticks racing
 * each other cannot both conclude "not the last one" and leave a finished day unmarked.
 */
export function unchangedSince(read: readonly PlannedItem[]) {
  return read.map((item) => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: { pk: item.pk, sk: item.sk },
      ConditionExpression:
        item.completedAt === undefined
          ? 'attribute_not_exists(completedAt)'
          : 'attribute_exists(completedAt)',
    },
  }));
}

/** Marks a day complete; the condition keeps the first completedAt if it was already marked. */
export function markDayComplete(userId: string, weekStart: string, day: DayIndex, now: Date) {
  const date = dateOfDay(weekStart, day);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: userPk(userId),
        sk: completedDaySk(date),
        weekStart,
        day,
        date,
        completedAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
