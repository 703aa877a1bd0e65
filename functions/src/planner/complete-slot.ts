import type { CompleteSlotResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay, isDayComplete } from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { TransactionRefused, transactWrite } from '../data/transact';
import { markDayComplete, unchangedSince } from './day-guard';
import { afterDayChange, readWeekState } from './week-state';

const MAX_ATTEMPTS = 3;

/** Complete All: ticks every open activity of a slot, and marks the day when that finishes it. */
export async function completeSlot(
  userId: string,
  weekStart: string,
  placement: { day: DayIndex; slot: Slot },
  now: Date,
): Promise<CompleteSlotResponse> {
  for (let attempt = 1; ; attempt++) {
    const state = await readWeekState(userId, weekStart, now);
    const dayItems = activitiesOfDay(state.planned, placement.day);
    const open = dayItems.filter((item) => item.slot === placement.slot && item.completedAt === undefined);
    const completedAt = now.toISOString();
    const after = dayItems.map((item) => (open.includes(item) ? { ...item, completedAt } : item));
    const marksDay =
      !state.weekDays.includes(placement.day) &&
      isDayComplete(after.map((item) => ({ completed: item.completedAt !== undefined })));
    const result = (): CompleteSlotResponse => ({
      activities: after.filter((item) => item.slot === placement.slot).map(toPlannedActivity),
      dayCompleted: marksDay,
      ...(marksDay
        ? afterDayChange(state, weekStart, placement.day, true)
        : { completedDays: state.weekDays, streak: state.streak }),
    });
    if (open.length === 0 && !marksDay) return result();
    try {
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
          ...unchangedSince(dayItems.filter((item) => !open.includes(item))),
          ...(marksDay ? [markDayComplete(userId, weekStart, placement.day, now)] : []),
        ],
      });
      return result();
    } catch (error) {
      if (!(error instanceof TransactionRefused) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
