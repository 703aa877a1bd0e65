import { createHash } from 'node:crypto';
import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { api, signIn } from '@bloom/scripts/local-cloud/testing/index';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { Profile } from '@bloom/shared/api/schemas';
import { IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_EVENING } from './support/answers';
import { type BillingCloud, startBillingCloud } from './support/billing-cloud';
import { startCountingProxy } from './support/counting-proxy';
import { planActivities, type TestUser } from './support/planner-cloud';

let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let cloud: BillingCloud;
let table: DynamoDBDocumentClient;
let bedrock: BedrockEmulator;
beforeAll(async () => {
  // The coach's route too: a closed account's message must reach no model.
  bedrock = await startBedrockEmulator();
  Object.assign(process.env, bedrock.env);
  proxy = await startCountingProxy(testDynamoDbEndpoint());
  cloud = await startBillingCloud({
    dynamodbEndpoint: proxy.endpoint,
    stripe: { webhooks: { duplicateRate: 0, delayMs: 0 } },
  });
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: testDynamoDbEndpoint(),
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(async () => {
  await bedrock?.stop();
  await cloud?.stop();
  await proxy?.stop();
});

/** Reminder settings with two reminders on: each is filed in a bucket outside her partition. */
const REMINDERS = {
  Morning: { on: false, time: '08:00' },
  Midday: { on: false, time: '12:30' },
  Evening: { on: true, time: '19:30' },
  CheckIn: { on: true, time: '21:00' },
  quietOnMarkedDays: true,
  timeZone: 'Europe/Paris',
};

const lastWeek = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -1);

async function partitionOf(sub: string) {
  const page = await table.send(
    new QueryCommand({
      TableName: cloud.cloud.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${sub}` },
      ConsistentRead: true,
    }),
  );
  return page.Items ?? [];
}

async function lookupOf(customerId: string) {
  const result = await table.send(
    new GetCommand({
      TableName: cloud.cloud.tableName,
      Key: { pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'CUSTOMER' },
      ConsistentRead: true,
    }),
  );
  return result.Item;
}

/** Her calendar feed's token→user lookup, which lives outside her partition. */
async function calendarLookupOf(user: TestUser) {
  const profile = (
    await table.send(
      new GetCommand({ TableName: cloud.cloud.tableName, Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' } }),
    )
  ).Item;
  const hash = calendarHashes.get(user.sub);
  expect(hash === undefined || profile === undefined || profile.calendarTokenHash === hash).toBe(true);
  const result = await table.send(
    new GetCommand({
      TableName: cloud.cloud.tableName,
      Key: { pk: `CALTOKEN#${hash}`, sk: 'TOKEN' },
      ConsistentRead: true,
    }),
  );
  return result.Item;
}
const calendarHashes = new Map<string, string>();

/** Her reminders are filed in `REMIND#` buckets outside her partition; the settings item lists them. */
async function filedRemindersOf(user: TestUser): Promise<{ pk: string; sk: string }[]> {
  const settings = (
    await table.send(
      new GetCommand({ TableName: cloud.cloud.tableName, Key: { pk: `USER#${user.sub}`, sk: 'REMINDERS' } }),
    )
  ).Item;
  return (settings?.filed ?? []) as { pk: string; sk: string }[];
}
const filedReminders = new Map<string, { pk: string; sk: string }[]>();

async function remindersStillFiled(user: TestUser) {
  const found = await Promise.all(
    (filedReminders.get(user.sub) ?? []).map(
      async (Key) =>
        (await table.send(new GetCommand({ TableName: cloud.cloud.tableName, Key, ConsistentRead: true })))
          .Item,
    ),
  );
  return found.filter((item) => item !== undefined).length;
}

/** A Pro subscriber with a plan, ticks, a custom activity: something in every place deletion must reach. */
async function subscriber(name = 'Maya'): Promise<{ user: TestUser; customerId: string }> {
  const user = await cloud.newUser({ name });
  expect((await user.call('PUT', '/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING })).status).toBe(
    200,
  );
  expect(
    (await user.call<WeekView>('GET', `/api/weeks/${weekStartOf(todayIn('UTC', new Date()))}`)).status,
  ).toBe(200);
  const added = await planActivities(user, lastWeek(), 0, 'Morning', ['gratitude-journal']);
  await user.call('PATCH', `/api/weeks/${lastWeek()}/activities/${added.added[0]?.id}`, { completed: true });
  const custom = await user.call('POST', '/api/activities', {
    name: 'Moon walk',
    duration: 10,
    category: 'Physical',
    icon: '🌙',
    weekStart: lastWeek(),
    day: 1,
    slot: 'Evening',
  });
  expect(custom.status).toBe(201);
  const link = await user.call<{ path: string }>('POST', '/api/me/calendar');
  expect(link.status).toBe(201);
  const token = link.body.path.replace('/api/calendar/', '').replace('.ics', '');
  calendarHashes.set(user.sub, createHash('sha256').update(token, 'utf8').digest('hex'));
  expect(await calendarLookupOf(user)).toBeDefined();
  expect((await user.call('PUT', '/api/me/reminders', REMINDERS)).status).toBe(200);
  const filed = await filedRemindersOf(user);
  expect(filed.length).toBeGreaterThan(0);
  filedReminders.set(user.sub, filed);
  const { customerId } = await cloud.subscribe(user);
  expect((await cloud.profile(user)).tier).toBe('pro');
  return { user, customerId };
}

/** The hosted UI's token endpoint, as Amplify refreshes a session. */
function refreshWith(refreshToken: string) {
  return fetch(`${cloud.cloud.url}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: cloud.cloud.clientId,
      refresh_token: refreshToken,
    }).toString(),
  });
}

/** Everything is gone: her items, her lookup, her Stripe customer and subscription, her Cognito user. */
async function expectGone(user: TestUser, customerId: string) {
  await cloud.settle();
  expect(await partitionOf(user.sub)).toEqual([]);
  expect(await lookupOf(customerId)).toBeUndefined();
  expect(await calendarLookupOf(user)).toBeUndefined();
  expect(await remindersStillFiled(user)).toBe(0);
  expect(await cloud.admin.customers.retrieve(customerId)).toMatchObject({ id: customerId, deleted: true });
  expect(cloud.subscriptionsOf(customerId).map((subscription) => subscription.status)).toEqual(['canceled']);
  // Her sessions are over: the refresh token no longer refreshes.
  expect((await refreshWith((user as TestUser & { refreshToken: string }).refreshToken)).status).toBe(400);
  // And the pool has no such user any more.
  const cognito = new CognitoIdentityProviderClient({
    endpoint: cloud.cloud.cognito.apiUrl,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const claims = JSON.parse(Buffer.from(user.idToken.split('.')[1] as string, 'base64url').toString());
  await expect(
    cognito.send(
      new AdminDeleteUserCommand({
        UserPoolId: cloud.cloud.userPoolId,
        Username: claims['cognito:username'],
      }),
    ),
  ).rejects.toMatchObject({ name: 'UserNotFoundException' });
}

describe('DELETE /api/me', () => {
  it("deletes her items, lookup, Stripe customer (cancelling the subscription) and Cognito user, and no one else's", async () => {
    const { user, customerId } = await subscriber();
    const other = await subscriber('Olga');
    const othersItems = await partitionOf(other.user.sub);

    const response = await user.call('DELETE', '/api/me');
    expect(response.status).toBe(204);
    await expectGone(user, customerId);

    expect(await partitionOf(other.user.sub)).toEqual(othersItems);
    expect(await lookupOf(other.customerId)).toBeDefined();
    expect(await calendarLookupOf(other.user)).toBeDefined();
    expect(await remindersStillFiled(other.user)).toBe(filedReminders.get(other.user.sub)?.length);
    expect((await cloud.profile(other.user)).tier).toBe('pro');
  });

  it('once finished, refuses her old session: deleting again answers 401 account_deleted and leaves nothing', async () => {
    const { user, customerId } = await subscriber();
    expect((await user.call('DELETE', '/api/me')).status).toBe(204);
    const again = await user.call('DELETE', '/api/me');
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('account_deleted');
    await expectGone(user, customerId);
  });

  it('refuses her old ID and access tokens on every signed-in route, and nothing is written under her sub', async () => {
    const { ROUTES } = await import('../src/routes');
    const { user, customerId } = await subscriber();
    expect((await user.call('DELETE', '/api/me')).status).toBe(204);

    const signedIn = ROUTES.filter((route) => route.auth === 'jwt');
    expect(signedIn.length).toBeGreaterThan(25);
    const week = weekStartOf(todayIn('UTC', new Date()));
    const path = (template: string) =>
      template
        .replace('{weekStart}', week)
        .replace('{day}', '0')
        .replace('{slot}', 'Morning')
        .replace(/\{[a-zA-Z]+\}/g, 'abc123');
    // A body each write route would accept from a live account, so no validation answers first.
    const bodies: Record<string, unknown> = {
      'PUT /api/me': { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING },
      'POST /api/activities': {
        name: 'Back again',
        duration: 10,
        category: 'Physical',
        icon: '🌙',
        weekStart: week,
        day: 0,
        slot: 'Evening',
      },
      'PUT /api/me/reminders': REMINDERS,
      'PUT /api/me/push-subscriptions': {
        endpoint: `${cloud.cloud.url}/push/send/abc`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
      'POST /api/weeks/{weekStart}/days/{day}/activities': {
        slot: 'Morning',
        activityIds: ['gratitude-journal'],
      },
      'PATCH /api/weeks/{weekStart}/activities/{id}': { completed: true },
      'PUT /api/weeks/{weekStart}/days/{day}/completion': { completed: true },
      'PUT /api/weeks/{weekStart}/days/{day}/rest': { rest: true },
      'POST /api/coach/messages': { message: 'Hello Bloom' },
      'POST /api/billing/checkout': { plan: 'monthly' },
    };
    const modelCalls = bedrock.requests.length;
    for (const token of [user.idToken, user.accessToken]) {
      const client = api(cloud.cloud, token);
      const answers: string[] = [];
      for (const route of signedIn) {
        const body = bodies[`${route.method} ${route.path}`];
        const headers: Record<string, string> =
          route.method === 'GET' ? {} : { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() };
        let answer = await client.request(route.method, path(route.path), body, headers);
        // A busy machine's table may time out (503): sent again with the same key, as her client would.
        for (let attempt = 1; answer.status === 503 && attempt < 5; attempt++)
          answer = await client.request(route.method, path(route.path), body, headers);
        answers.push(`${route.method} ${route.path} ${answer.status} ${answer.body?.error?.code}`);
      }
      expect(answers).toEqual(signedIn.map((route) => `${route.method} ${route.path} 401 account_deleted`));
    }

    expect(bedrock.requests.length).toBe(modelCalls);
    await cloud.settle();
    const everything = await table.send(
      new ScanCommand({ TableName: cloud.cloud.tableName, ConsistentRead: true }),
    );
    const naming = (everything.Items ?? []).filter((item) => JSON.stringify(item).includes(user.sub));
    expect(naming).toEqual([]);
    await expectGone(user, customerId);
  });

  it("never deletes the account the same Google account signs up with afterwards, with the old session's token", async () => {
    const email = `return-${crypto.randomUUID()}@example.com`;
    const first = await signIn(cloud.cloud, { email, name: 'Maya' });
    expect(
      (await api(cloud.cloud, first.idToken).put('/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING }))
        .status,
    ).toBe(200);
    expect((await api(cloud.cloud, first.accessToken).delete('/api/me')).status).toBe(204);

    const again = await signIn(cloud.cloud, { email, name: 'Maya' });
    expect(decodeJwt(again.idToken)['cognito:username']).toBe(decodeJwt(first.idToken)['cognito:username']);
    const newAccount = api(cloud.cloud, again.idToken);
    expect((await newAccount.put('/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING })).status).toBe(
      200,
    );

    for (const old of [first.idToken, first.accessToken]) {
      const refused = await api(cloud.cloud, old).delete('/api/me');
      expect(refused.status).toBe(401);
    }
    // Even once her mark has expired (DynamoDB's TTL took it), an old token cannot reach the new user: the
    // deletion checks that the username still names her `sub` before it signs anyone out or deletes them.
    const marks = await table.send(
      new ScanCommand({ TableName: cloud.cloud.tableName, ConsistentRead: true }),
    );
    for (const mark of (marks.Items ?? []).filter((item) => String(item.pk).startsWith('CLOSED#'))) {
      await table.send(
        new DeleteCommand({ TableName: cloud.cloud.tableName, Key: { pk: mark.pk, sk: mark.sk } }),
      );
    }
    expect((await api(cloud.cloud, first.idToken).delete('/api/me')).status).toBe(204);

    expect((await newAccount.get('/api/me')).status).toBe(200);
    expect(await partitionOf(again.sub)).not.toEqual([]);
    expect((await refreshWith(again.refreshToken)).status).toBe(200);
    const userInfo = await fetch(`${cloud.cloud.url}/cognito/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${again.accessToken}` },
    });
    expect(userInfo.status).toBe(200);
  });

  // Her first Upgrade makes a Stripe customer, then records it; a deletion may run meanwhile (another tab).
  for (const deletion of ['still running', 'finished'] as const) {
    it(`leaves no Stripe customer or lookup of hers when her first checkout lands on a deletion ${deletion}`, async () => {
      const user = await cloud.newUser({ name: 'Maya' });
      expect(
        (await user.call('PUT', '/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING })).status,
      ).toBe(200);
      const recording = proxy.holdNext('TransactWriteItems', 'STRIPE_CUSTOMER#');
      const checkout = user.call('POST', '/api/billing/checkout', { plan: 'monthly' });
      await recording.arrived;
      const stripping = deletion === 'still running' ? proxy.holdNext('UpdateItem', 'REMOVE #a0') : undefined;
      const deleted = user.call('DELETE', '/api/me');
      if (stripping) await stripping.arrived;
      else expect((await deleted).status).toBe(204);
      recording.release();
      const refused = await checkout;
      stripping?.release();
      expect((await deleted).status).toBe(204);

      expect(refused.status).toBe(deletion === 'still running' ? 409 : 401);
      await cloud.settle();
      const everything = await table.send(
        new ScanCommand({ TableName: cloud.cloud.tableName, ConsistentRead: true }),
      );
      expect((everything.Items ?? []).filter((item) => JSON.stringify(item).includes(user.sub))).toEqual([]);
      const customers = Object.values(cloud.stripe.account.data.customers);
      expect(customers.filter((customer) => customer.metadata?.userId === user.sub)).toEqual([]);
    });
  }

  it('keeps no idempotency record when asked as the web asks, with an Idempotency-Key', async () => {
    const { user, customerId } = await subscriber();
    const response = await fetch(`${cloud.cloud.url}/api/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.idToken}`, [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    });
    expect(response.status).toBe(204);
    // A record written as the request ends would outlive her partition: expectGone finds it empty.
    await expectGone(user, customerId);
  });

  it('lets the same Google account start afresh: a new user, a new sub, no old data', async () => {
    const email = `again-${crypto.randomUUID()}@example.com`;
    const first = await signIn(cloud.cloud, { email, name: 'Maya' });
    const before = api(cloud.cloud, first.idToken);
    expect((await before.put('/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING })).status).toBe(200);
    expect((await before.delete('/api/me')).status).toBe(204);

    const again = await signIn(cloud.cloud, { email, name: 'Maya' });
    expect(again.sub).not.toBe(first.sub);
    const profile = await api(cloud.cloud, again.idToken).get('/api/me');
    expect(profile.status).toBe(200);
    expect((profile.body as Profile).quizAnswers).toBeNull();
    expect(await partitionOf(first.sub)).toEqual([]);
  });

  it('can be asked only by the delete function: the IAM guard refuses AdminDeleteUser to every other', async () => {
    const { ROUTES, grantedActions } = await import('../src/routes');
    const allowed = ROUTES.filter((route) => grantedActions(route).includes('cognito-idp:AdminDeleteUser'));
    expect(allowed.map((route) => `${route.method} ${route.path}`)).toEqual(['DELETE /api/me']);
  });

  // Each step's outage, then a retry: the deletion finishes, and until then the account refuses use.
  const outages: Array<{ step: string; start(): { end(): void } }> = [
    { step: 'the mark', start: () => proxy.fail('UpdateItem', 'deletingAt') },
    {
      step: 'Stripe',
      start: () => {
        cloud.stripe.configure({ failNextRequests: 100 });
        return { end: () => cloud.stripe.configure({ failNextRequests: 0 }) };
      },
    },
    { step: 'her items', start: () => proxy.fail('BatchWriteItem') },
    { step: 'the customer lookup', start: () => proxy.fail('DeleteItem', 'STRIPE_CUSTOMER#') },
    { step: 'stripping the profile', start: () => proxy.fail('UpdateItem', 'REMOVE') },
    {
      step: 'Cognito',
      start: () => {
        cloud.cloud.cognito.failNext('AdminDeleteUser', 100);
        return { end: () => cloud.cloud.cognito.failNext('AdminDeleteUser', 0) };
      },
    },
    { step: 'the profile', start: () => proxy.fail('TransactWriteItems', 'CLOSED#') },
  ];
  for (const { step, start } of outages) {
    it(`finishes on a retry after ${step} failed`, async () => {
      const { user, customerId } = await subscriber();
      const outage = start();
      const failed = await user.call('DELETE', '/api/me');
      outage.end();
      expect(failed.status).toBeGreaterThanOrEqual(500);
      if (step !== 'the mark') {
        // Marked: the account serves nothing but its deletion.
        const refused = await user.call('GET', '/api/me');
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('account_deleting');
        expect((await user.call('GET', `/api/weeks/${lastWeek()}`)).status).toBe(409);
        // Nor does it file anything new outside her partition (a reminder bucket, a calendar feed's lookup).
        expect((await user.call('PUT', '/api/me/reminders', REMINDERS)).status).toBe(409);
        expect((await user.call('POST', '/api/me/calendar')).status).toBe(409);
        expect((await user.call('GET', '/api/me/progress')).status).toBe(409);
        // Nor does the return from Checkout sync Stripe's state onto her profile.
        expect((await user.call('POST', '/api/billing/sync', {})).status).toBe(409);
      }
      const retried = await user.call('DELETE', '/api/me');
      expect(retried.status).toBe(204);
      await expectGone(user, customerId);
    });
  }
});
