import { tableName } from '../data/client';
import { userPk, weekSk } from '../data/keys';
import type { TransactItem } from '../data/transact';

/**
 * A share of the one update a transaction may make to a week item: DynamoDB allows one operation per item in a
 * transaction, so the edit counter and the day revisions are merged into a single Update.
 */
export interface WeekItemParts {
  set: string[];
  conditions: string[];
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** The week item's Update made of its parts; every condition must hold. */
export function weekItemUpdate(userId: string, weekStart: string, ...parts: WeekItemParts[]): TransactItem {
  const conditions = parts.flatMap((part) => part.conditions);
  const names = Object.assign({}, ...parts.map((part) => part.names ?? {}));
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: weekSk(weekStart) },
      UpdateExpression: `SET ${['weekStart = :weekStart', ...parts.flatMap((part) => part.set)].join(', ')}`,
      ...(conditions.length > 0
        ? { ConditionExpression: conditions.map((c) => `(${c})`).join(' AND ') }
        : {}),
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: Object.assign(
        { ':weekStart': weekStart },
        ...parts.map((part) => part.values ?? {}),
      ),
    },
  };
}
