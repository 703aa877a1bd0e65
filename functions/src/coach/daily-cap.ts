import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COACH_DAILY_MESSAGE_LIMIT } from '@bloom/shared/coach/messages';
import { documentClient, tableName } from '../data/client';
import { userPk } from '../data/keys';
import { DomainError } from '../domain-error';
import { COACH_COUNTER_TTL_SECONDS, coachCounterSk } from './keys';

/**
 * Counts one message against today's cap in a single conditional UpdateItem: concurrent requests cannot both
 * take the last message. Over the cap: 429 `coach_daily_limit_reached`.
 */
export async function takeDailyMessage(
  userId: string,
  now: Date,
  limit = COACH_DAILY_MESSAGE_LIMIT,
): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: userPk(userId), sk: coachCounterSk(day) },
        UpdateExpression: 'ADD messages :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(messages) OR messages < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expiresAt': Math.floor(now.getTime() / 1000) + COACH_COUNTER_TTL_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.messages ?? 1);
  } catch (error) {
    if (
      error instanceof ConditionalCheckFailedException ||
      (error as Error).name === 'ConditionalCheckFailedException'
    ) {
      throw new DomainError('coach_daily_limit_reached');
    }
    throw error;
  }
}
