import { randomUUID } from 'node:crypto';
import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../cloud';
import { grantUsageRecorder } from '../iam/grant-usage';
import { testDynamoDbEndpoint, testGrantUsageDir } from './provided';

export type TestCloud = LocalCloud;

export type TestCloudOptions = Partial<
  Pick<
    LocalCloudOptions,
    | 'tokenLifetimeSeconds'
    | 'clock'
    | 'throttleOf'
    | 'tableWaitBudgetMs'
    | 'routes'
    | 'loadHandler'
    | 'tableName'
    | 'log'
    | 'dynamodbEndpoint'
    | 'stripe'
    | 'bedrock'
  >
>;

/**
 * A local cloud for a test file: plain http on a free port, no web app, the run's shared in-memory DynamoDB
 * Local (from the global setup) with a table of its own, and everything else in memory.
 *
 * Handlers read TABLE_NAME when they run or when they are first imported; since a test file's modules are
 * loaded once, start one test cloud per file (in `beforeAll`) and stop it in `afterAll`. `dynamodbEndpoint`
 * puts something in front of the run's DynamoDB Local, such as a proxy that counts requests.
 *
 * A cloud serving Bloom's own route table records which AWS actions each route used, for the grants test
 * (scripts/local-cloud/iam/grants.test.ts); one serving a test's route table does not: its grants are the test's.
 */
/**
 * DynamoDB Local on a machine running several test files at once can take seconds to answer; AWS's DynamoDB
 * answers in milliseconds. A test about the budget itself passes AWS's (TABLE_WAIT_BUDGET_MS).
 */
const BUSY_MACHINE_TABLE_WAIT_MS = 15_000;

export function startTestCloud(options: TestCloudOptions = {}): Promise<TestCloud> {
  const usageDir = options.routes ? undefined : testGrantUsageDir();
  return startLocalCloud({
    port: 0,
    https: false,
    web: 'none',
    // Tests that need Stripe or Bedrock start those emulators themselves, to control and inspect them.
    stripe: false,
    bedrock: false,
    tableName: `bloom-test-${randomUUID()}`,
    tableWaitBudgetMs: BUSY_MACHINE_TABLE_WAIT_MS,
    ...(usageDir ? { recordGrantUse: grantUsageRecorder(usageDir) } : {}),
    ...options,
    // Another endpoint (e.g. a request-counting proxy) must still lead to the run's DynamoDB Local.
    dynamodbEndpoint: options.dynamodbEndpoint ?? testDynamoDbEndpoint(),
  });
}
