import { inject } from 'vitest';

/**
 * The in-memory DynamoDB Local the global setup started for this run. Vitest's documented typing of provided
 * values (augmenting `ProvidedContext` in 'vitest') does not reach the re-exported interface under the
 * TypeScript 7 compiler, so the one untyped read lives here.
 */
export function testDynamoDbEndpoint(): string {
  const endpoint: unknown = inject('dynamodbEndpoint' as never);
  if (typeof endpoint !== 'string')
    throw new Error('No DynamoDB endpoint: run this test through vitest.config.ts');
  return endpoint;
}

/** Where this run records the AWS actions each route used (iam/grant-usage.ts), if the global setup prepared it. */
export function testGrantUsageDir(): string | undefined {
  const directory: unknown = inject('grantUsageDir' as never);
  return typeof directory === 'string' ? directory : undefined;
}
