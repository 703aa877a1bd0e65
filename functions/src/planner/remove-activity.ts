import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../data/client';
import { plannedSk, userPk } from '../data/keys';
import { DomainError } from '../domain-error';

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
    if (error instanceof ConditionalCheckFailedException) throw new DomainError('not_found');
    throw error;
  }
}
