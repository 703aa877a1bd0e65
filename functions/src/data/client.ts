import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One document client per container. DYNAMODB_ENDPOINT is set only when the table lives elsewhere than AWS's
 * regional endpoint (DynamoDB Local): configuration, not a code path.
 */
export const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
