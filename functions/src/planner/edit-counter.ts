import { FREE_WEEKLY_EDIT_LIMIT, type Tier } from '@bloom/shared/planner/types';
import { tableName } from '../data/client';
import { userPk, weekSk } from '../data/keys';

/**
 * The transaction item that counts `count` edits on a week. On the free plan it is conditional: the counter
 * may only move if it stays within the weekly limit, so concurrent adds can never overshoot. A refusal
 * returns the counter as it was (ALL_OLD) so the caller can retry with what is left.
 */
export function countEdits(userId: string, weekStart: string, count: number, tier: Tier) {
  const limited = tier === 'free';
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: weekSk(weekStart) },
      UpdateExpression: 'SET edits = if_not_exists(edits, :zero) + :count, weekStart = :weekStart',
      ...(limited ? { ConditionExpression: 'attribute_not_exists(edits) OR edits <= :max' } : {}),
      ExpressionAttributeValues: {
        ':zero': 0,
        ':count': count,
        ':weekStart': weekStart,
        ...(limited ? { ':max': FREE_WEEKLY_EDIT_LIMIT - count } : {}),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}
