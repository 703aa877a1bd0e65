import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfSlot, checkSlotAdditions } from '@bloom/shared/planner/rules';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
import { documentClient, tableName } from '../data/client';
import { toPlannedActivity } from '../data/items';
import { DomainError } from '../domain-error';
import { readWeekState } from './week-state';

/** Moves a planned activity to another day or slot of the same week (drag to rearrange). Not an edit. */
export async function moveActivity(
  userId: string,
  weekStart: string,
  id: string,
  to: { day: DayIndex; slot: Slot },
  now: Date,
): Promise<UpdatePlannedActivityResponse> {
  const state = await readWeekState(userId, weekStart, now);
  const target = state.planned.find((item) => item.id === id);
  if (!target) throw new DomainError('not_found');
  const unchanged = target.day === to.day && target.slot === to.slot;
  if (!unchanged) {
    const check = checkSlotAdditions(activitiesOfSlot(state.planned, to.day, to.slot), [target.activityId]);
    if (check === 'duplicate') throw new DomainError('already_exists');
    if (check === 'full') throw new DomainError('slot_full');
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: target.pk, sk: target.sk },
          UpdateExpression: 'SET #day = :day, slot = :slot',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':day': to.day, ':slot': to.slot },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new DomainError('not_found');
      throw error;
    }
  }
  return {
    activity: toPlannedActivity({ ...target, ...to }),
    dayCompleted: false,
    completedDays: state.weekDays,
    streak: state.streak,
  };
}
