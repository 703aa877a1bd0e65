import { randomUUID } from 'node:crypto';
import type { CreateCustomActivityBody, CreateCustomActivityResponse } from '@bloom/shared/api/schemas';
import { activitiesOfDay, activitiesOfSlot, checkSlotAdditions, editsFor } from '@bloom/shared/planner/rules';
import { FREE_DAILY_CUSTOM_ACTIVITY_LIMIT, FREE_WEEKLY_EDIT_LIMIT } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { type CustomActivityItem, toCustomActivity, toPlannedActivity } from '../data/items';
import { customActivitySk, customNameSk, dailyCounterSk, userPk } from '../data/keys';
import { transactWriteNamed } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from '../planner/day-guard';
import { countEdits } from '../planner/edit-counter';
import { newPlannedItem } from '../planner/planned-item';
import { weekItemUpdate } from '../planner/week-item';
import { afterDayMarks, readWeekState } from '../planner/week-state';

/** Daily counters are only needed for their day; DynamoDB's TTL removes them two days later. */
const DAILY_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * Creates a custom activity and plans it, in one transaction: the activity, a guard that keeps names unique
 * per user (409), the planned activity, one edit, and on the free plan the day's custom-activity counter.
 * Each condition that can refuse maps to its own error. A completed day that gains the new, open activity is
 * unmarked in the same transaction (docs/rules.md#day-completion).
 */
export async function createCustomActivity(
  userId: string,
  input: CreateCustomActivityBody,
  now: Date,
): Promise<CreateCustomActivityResponse> {
  return retryWhenRefused(
    async () => {
      const state = await readWeekState(userId, input.weekStart, now);
      const used = state.week?.edits ?? 0;
      if (state.tier === 'free' && used >= FREE_WEEKLY_EDIT_LIMIT)
        throw new DomainError('edit_limit_reached');
      if (checkSlotAdditions(activitiesOfSlot(state.planned, input.day, input.slot), []) === 'full')
        throw new DomainError('slot_full');

      const activityItem = newCustomActivityItem(userId, input, now);
      const activity = toCustomActivity(activityItem);
      const plannedItem = newPlannedItem(userId, input.weekStart, input, activity, now);
      const decision = decideDay(state, input.day, [
        ...activitiesOfDay(state.planned, input.day),
        plannedItem,
      ]);

      await transactWriteNamed({
        customActivity: {
          Put: {
            TableName: tableName(),
            Item: activityItem,
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        nameGuard: {
          Put: {
            TableName: tableName(),
            Item: { pk: userPk(userId), sk: customNameSk(input.name), activityId: activityItem.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        plannedActivity: {
          Put: { TableName: tableName(), Item: plannedItem, ConditionExpression: 'attribute_not_exists(pk)' },
        },
        // As an add: an open activity joining an unmarked day needs only the mark checked (add-activities.ts).
        week: weekItemUpdate(
          userId,
          input.weekStart,
          countEdits(1, state.tier),
          dayRevisions(state.week, { bumped: [input.day], checked: decision.marked ? [input.day] : [] }),
        ),
        dayMark: dayMarkItem(userId, input.weekStart, decision, now),
        dailyCounter: state.tier === 'free' ? countToday(userId, state.today, now) : undefined,
      });
      const { completedDays, streak } = afterDayMarks(state, input.weekStart, [decision]);
      return {
        activity,
        planned: toPlannedActivity(plannedItem),
        edits: editsFor(used + 1, state.tier),
        completedDays,
        streak,
      };
    },
    (refusal) => {
      // A week item or day mark that changed meanwhile is read again; these are answers of their own.
      if (refusal.conditionFailedOn('nameGuard')) throw new DomainError('already_exists');
      if (refusal.conditionFailedOn('dailyCounter')) throw new DomainError('daily_action_limit_reached');
    },
  );
}

function newCustomActivityItem(
  userId: string,
  input: CreateCustomActivityBody,
  now: Date,
): CustomActivityItem {
  const id = `custom-${randomUUID()}`;
  return {
    pk: userPk(userId),
    sk: customActivitySk(id),
    id,
    name: input.name,
    category: input.category,
    duration: input.duration,
    icon: input.icon,
    createdAt: now.toISOString(),
  };
}

/** The free plan's daily counter of custom activities, taken only while under the limit. */
function countToday(userId: string, today: string, now: Date) {
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: dailyCounterSk(today) },
      UpdateExpression: 'SET created = if_not_exists(created, :zero) + :one, expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(created) OR created < :limit',
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':limit': FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
        ':expiresAt': Math.floor(now.getTime() / 1000) + DAILY_COUNTER_TTL_SECONDS,
      },
    },
  };
}
