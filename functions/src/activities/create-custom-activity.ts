import { randomUUID } from 'node:crypto';
import type { CreateCustomActivityBody, CreateCustomActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfSlot, checkSlotAdditions, editsFor } from '@bloom/shared/planner/rules';
import { FREE_DAILY_CUSTOM_ACTIVITY_LIMIT, FREE_WEEKLY_EDIT_LIMIT } from '@bloom/shared/planner/types';
import { todayIn } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import { type CustomActivityItem, toCustomActivity, toPlannedActivity } from '../data/items';
import { customActivitySk, customNameSk, dailyCounterSk, userPk } from '../data/keys';
import { getProfile, queryWeek } from '../data/reads';
import { TransactionRefused, transactWriteNamed } from '../data/transact';
import { DomainError } from '../domain-error';
import { countEdits } from '../planner/edit-counter';
import { newPlannedItem } from '../planner/planned-item';
import { DEFAULT_TIME_ZONE } from '../planner/week-state';

/** Daily counters are only needed for their day; DynamoDB's TTL removes them two days later. */
const DAILY_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * Creates a custom activity and plans it, in one transaction: the activity, a guard that keeps names unique
 * per user (409), the planned activity, one edit, and on the free plan the day's custom-activity counter.
 * Each condition that can refuse maps to its own error.
 */
export async function createCustomActivity(
  userId: string,
  input: CreateCustomActivityBody,
  now: Date,
): Promise<CreateCustomActivityResponse> {
  const [profile, { week, planned }] = await Promise.all([
    getProfile(userId),
    queryWeek(userId, input.weekStart),
  ]);
  const tier = profile?.tier ?? 'free';
  const used = week?.edits ?? 0;
  if (tier === 'free' && used >= FREE_WEEKLY_EDIT_LIMIT) throw new DomainError('edit_limit_reached');
  if (checkSlotAdditions(activitiesOfSlot(planned, input.day, input.slot), []) === 'full')
    throw new DomainError('slot_full');

  const id = `custom-${randomUUID()}`;
  const createdAt = now.toISOString();
  const activityItem: CustomActivityItem = {
    pk: userPk(userId),
    sk: customActivitySk(id),
    id,
    name: input.name,
    category: input.category,
    duration: input.duration,
    icon: input.icon,
    createdAt,
  };
  const activity = toCustomActivity(activityItem);
  const plannedItem = newPlannedItem(userId, input.weekStart, input, activity, now);
  const today = todayIn(profile?.timeZone ?? DEFAULT_TIME_ZONE, now);

  try {
    await transactWriteNamed({
      customActivity: {
        Put: { TableName: tableName(), Item: activityItem, ConditionExpression: 'attribute_not_exists(pk)' },
      },
      nameGuard: {
        Put: {
          TableName: tableName(),
          Item: { pk: userPk(userId), sk: customNameSk(input.name), activityId: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      plannedActivity: {
        Put: { TableName: tableName(), Item: plannedItem, ConditionExpression: 'attribute_not_exists(pk)' },
      },
      weekEdits: countEdits(userId, input.weekStart, 1, tier),
      dailyCounter:
        tier === 'free'
          ? {
              Update: {
                TableName: tableName(),
                Key: { pk: userPk(userId), sk: dailyCounterSk(today) },
                UpdateExpression:
                  'SET created = if_not_exists(created, :zero) + :one, expiresAt = :expiresAt',
                ConditionExpression: 'attribute_not_exists(created) OR created < :limit',
                ExpressionAttributeValues: {
                  ':zero': 0,
                  ':one': 1,
                  ':limit': FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
                  ':expiresAt': Math.floor(now.getTime() / 1000) + DAILY_COUNTER_TTL_SECONDS,
                },
              },
            }
          : undefined,
    });
  } catch (error) {
    if (error instanceof TransactionRefused) {
      if (error.conditionFailedOn('nameGuard')) throw new DomainError('already_exists');
      if (error.conditionFailedOn('weekEdits')) throw new DomainError('edit_limit_reached');
      if (error.conditionFailedOn('dailyCounter')) throw new DomainError('daily_action_limit_reached');
    }
    throw error;
  }
  return { activity, planned: toPlannedActivity(plannedItem), edits: editsFor(used + 1, tier) };
}
