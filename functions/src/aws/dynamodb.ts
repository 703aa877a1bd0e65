import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { instrumented } from './instrumentation';

/**
 * How long the functions wait for the table (docs/rules.md#outages). DynamoDB answers in milliseconds, so a
 * request that takes two seconds is one that will not come: she is told at once that Bloom cannot reach her plan
 * (503 inside 3 s) and her client sends the change again, with its Idempotency-Key. One attempt: the SDK's own
 * retry would double the wait, pile load on a struggling table, and could apply a timed-out UpdateItem twice.
 */
export const DYNAMODB_BUDGET = { connectionTimeoutMs: 500, requestTimeoutMs: 2000, maxAttempts: 1 } as const;

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
      // DYNAMODB_REQUEST_TIMEOUT_MS is set only where the table is slower than DynamoDB (DynamoDB Local on a
      // shared machine): configuration, like the endpoint.
      requestTimeout: Number(process.env.DYNAMODB_REQUEST_TIMEOUT_MS) || DYNAMODB_BUDGET.requestTimeoutMs,
      // Without it the SDK only logs a warning when the time is up, and goes on waiting.
      throwOnRequestTimeout: true,
    },
  }),
);
