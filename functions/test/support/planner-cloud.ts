import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import {
  type ApiResponse,
  api,
  signIn,
  startTestCloud,
  type TestCloud,
} from '@bloom/scripts/local-cloud/testing/index';
import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import { IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type { Slot, Tier } from '@bloom/shared/planner/types';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestUser {
  sub: string;
  email: string;
  idToken: string;
  accessToken: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever shape a route returns.
  call<T = any>(method: Method, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /**
   * A request as the web sends it: with an Idempotency-Key, and sent again with the same key while the answer
   * is 503 (a busy machine's table timed out), as her client does (docs/rules.md#outages). For tests whose point
   * is what the server decides, not whether one attempt beat a timeout.
   */
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever shape a route returns.
  callAsTheWeb<T = any>(method: Method, path: string, body?: unknown): Promise<ApiResponse<T>>;
}

/**
 * How long the web's queue keeps sending a change answered 503: a timed-out write holds its key
 * (`change_in_progress`) until its function's timeout has passed, and only then is judged again.
 */
const WEB_RETRY_CAP_MS = 60_000;
const WEB_RETRY_INTERVAL_MS = 250;

export interface PlannerCloud {
  cloud: TestCloud;
  /** A new Google account signed in through the Cognito emulator (optionally made Pro). */
  newUser(options?: { tier?: Tier; name?: string }): Promise<TestUser>;
  /** Sets the user's tier as the Stripe webhook would, straight in the table. */
  setTier(user: TestUser, tier: Tier): Promise<TestUser>;
  stop(): Promise<void>;
}

/**
 * The planner API as a browser reaches it: the API Gateway emulator in front of the real handlers, real tokens
 * from the Cognito emulator's OAuth flow, and a table of its own in the run's DynamoDB Local.
 */
export async function startPlannerCloud(
  options: Parameters<typeof startTestCloud>[0] = {},
): Promise<PlannerCloud> {
  const cloud = await startTestCloud(options);
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  const setTier = async (user: TestUser, tier: Tier) => {
    await table.send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET tier = :tier',
        ExpressionAttributeValues: { ':tier': tier },
      }),
    );
    return user;
  };
  const newUser = async ({ tier, name = 'Test User' }: { tier?: Tier; name?: string } = {}) => {
    const email = `user-${randomUUID()}@example.com`;
    const tokens = await signIn(cloud, { email, name });
    const client = api(cloud, tokens.idToken);
    const user: TestUser = {
      ...tokens,
      email,
      call: (method, path, body) => client.request(method, path, body),
      async callAsTheWeb(method, path, body) {
        const headers: Record<string, string> =
          method === 'GET' ? {} : { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
        const giveUpAt = Date.now() + WEB_RETRY_CAP_MS;
        for (;;) {
          const response = await client.request(method, path, body, headers);
          if (response.status !== 503 || Date.now() > giveUpAt) return response;
          await new Promise((resolve) => setTimeout(resolve, WEB_RETRY_INTERVAL_MS));
        }
      },
    };
    return tier ? setTier(user, tier) : user;
  };
  return { cloud, newUser, setTier, stop: () => cloud.stop() };
}

/** Plans activities into a slot (POST …/days/{day}/activities); anything but 201 fails the test. */
export async function planActivities(
  user: TestUser,
  week: string,
  day: number,
  slot: Slot,
  activityIds: string[],
): Promise<AddActivitiesResponse> {
  const response = await user.call<AddActivitiesResponse>(
    'POST',
    `/api/weeks/${week}/days/${day}/activities`,
    {
      slot,
      activityIds,
    },
  );
  if (response.status !== 201)
    throw new Error(`Adding ${activityIds.join(', ')} answered ${response.status}`);
  return response.body;
}
