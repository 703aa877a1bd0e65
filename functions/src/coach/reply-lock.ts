import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../data/client';
import { userPk } from '../data/keys';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { COACH_LOCK_SECONDS, COACH_LOCK_SK } from './keys';

const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error as Error).name === 'ConditionalCheckFailedException';

/**
 * One reply in flight per user (docs/rules.md#coach): a conditional Put of a lock item in her partition, taken
 * only when there is none or the one there has run out; a second message meanwhile gets 409
 * `coach_reply_in_progress`. The lock is released when the reply is done, whatever happened.
 */
export async function withReplyLock<T>(userId: string, now: Date, reply: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const key = { pk: userPk(userId), sk: COACH_LOCK_SK };
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          token,
          lockedUntil: nowSeconds + COACH_LOCK_SECONDS,
          expiresAt: nowSeconds + COACH_LOCK_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR lockedUntil < :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError('coach_reply_in_progress');
    throw error;
  }
  try {
    return await reply();
  } finally {
    await release(key, token);
  }
}

/** Deletes the lock only if it is still this reply's: a lock that ran out and was taken again stays. */
async function release(key: { pk: string; sk: string }, token: string): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    // Not releasing is not the reply's failure: the lock runs out on its own.
    if (!isConditionFailure(error)) log.warn('Coach reply lock was not released', { error });
  }
}
