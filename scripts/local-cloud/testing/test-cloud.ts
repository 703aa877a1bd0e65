import { randomUUID } from 'node:crypto';
import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../cloud';
import { testDynamoDbEndpoint } from './provided';

export type TestCloud = LocalCloud;

/**
 * A local cloud for a test file: plain http on a free port, no web app, the run's shared in-memory DynamoDB
 * Local (from the global setup) with a table of its own, and everything else in memory.
 *
 * Handlers read TABLE_NAME when they run or when they are first imported; since a test file's modules are
 * loaded once, start one test cloud per file (in `beforeAll`) and stop it in `afterAll`.
 */
export function startTestCloud(
  options: Partial<
    Pick<LocalCloudOptions, 'tokenLifetimeSeconds' | 'routes' | 'loadHandler' | 'tableName' | 'log'>
  > = {},
): Promise<TestCloud> {
  return startLocalCloud({
    port: 0,
    https: false,
    web: 'none',
    dynamodbEndpoint: testDynamoDbEndpoint(),
    tableName: options.tableName ?? `bloom-test-${randomUUID()}`,
    ...options,
  });
}
