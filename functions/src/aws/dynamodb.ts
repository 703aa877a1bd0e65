import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { instrumented } from './instrumentation';

/**
 * How long the functions wait for the table (docs/rules.md#outages). DynamoDB answers in milliseconds, so a
 * request that takes a second is one that will not come: two attempts of at most a second each (the SDK's own
 * backoff between them) end well inside 3 s, the most a person waits before Bloom says it cannot reach her plan
 * (503), and far inside every function's timeout.
 */
export const DYNAMODB_BUDGET = { connectionTimeoutMs: 500, requestTimeoutMs: 1000, maxAttempts: 2 } as const;

/**
 * One DynamoDB client per container. DYNAMODB_ENDPOINT is set only when the table lives elsewhere than AWS's
 * regional endpoint (DynamoDB Local): configuration, not a code path.
 */
export const dynamoDbClient = instrumented(
  new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    maxAttempts: DYNAMODB_BUDGET.maxAttempts,
    requestHandler: {
      connectionTimeout: DYNAMODB_BUDGET.connectionTimeoutMs,
      requestTimeout: DYNAMODB_BUDGET.requestTimeoutMs,
    },
  }),
);
