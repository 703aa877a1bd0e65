import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../data/client';
import { DomainError } from '../domain-error';
import { TOKEN_LIFETIME_MINUTES } from './token-lifetime';

/**
 * The mark a finished deletion leaves (docs/rules.md#closed-accounts): her tokens stay valid JWTs until they
 * expire, and API Gateway's authorizer cannot know she is gone, so every route asks the table. The key is a hash
 * of her `sub`, not the `sub` itself: nothing left in the table names her.
 */
export const CLOSED_ACCOUNT_SK = 'ACCOUNT';
export const closedAccountPk = (userId: string) =>
  `CLOSED#${createHash('sha256').update(userId).digest('base64url')}`;

/**
 * How long the mark is kept: the user pool's longest token lifetime and the clock skew between Cognito and API
 * Gateway. A `sub` is never given to anyone else, so a mark that outlives this (TTL deletes lazily) refuses
 * nothing it should not.
 */
const CLOCK_SKEW_MINUTES = 5;
export const CLOSED_ACCOUNT_KEPT_SECONDS = (TOKEN_LIFETIME_MINUTES + CLOCK_SKEW_MINUTES) * 60;

export interface ClosedAccountItem {
  pk: string;
  sk: typeof CLOSED_ACCOUNT_SK;
  closedAt: string;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

export function closedAccountItem(userId: string, now: Date): ClosedAccountItem {
  return {
    pk: closedAccountPk(userId),
    sk: CLOSED_ACCOUNT_SK,
    closedAt: now.toISOString(),
    expiresAt: Math.ceil(now.getTime() / 1000) + CLOSED_ACCOUNT_KEPT_SECONDS,
  };
}

/**
 * Resolves when her account is open, and fails with `account_deleted` when a deletion of it has finished. A
 * strongly consistent read: the request right after the deletion's answer must see the mark.
 */
export async function refuseClosedAccount(userId: string): Promise<void> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: closedAccountPk(userId), sk: CLOSED_ACCOUNT_SK },
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  if (result.Item) throw new DomainError('account_deleted');
}
