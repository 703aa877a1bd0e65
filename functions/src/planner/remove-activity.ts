import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../data/client';
import { plannedSk, userPk } from '../data/keys';
import { ApiError } from '../http/api-error';

/** Removes a planned activity. The key is built from the caller's own partition, so others' ids are a 404. */
export async function removeActivity(userId: string, weekStart: string, id: string): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: userPk(userId), sk: plannedSk(weekStart, id) },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new ApiError('not_found');
    throw error;
  }
}
