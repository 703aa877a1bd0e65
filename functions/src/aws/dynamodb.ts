import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { instrumented } from './instrumentation';

/**
 * One DynamoDB client per container. DYNAMODB_ENDPOINT is set only when the table lives elsewhere than AWS's
 * regional endpoint (DynamoDB Local): configuration, not a code path.
 */
export const dynamoDbClient = instrumented(
  new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined }),
);
