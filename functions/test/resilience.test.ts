import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTES, type RouteDefinition, takesIdempotencyKey } from '@bloom/functions/routes';
import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { localDynamoClient } from '@bloom/scripts/local-cloud/dynamodb';
import { signatureHeader } from '@bloom/scripts/local-cloud/stripe/signature';
import { buildEvent } from '@bloom/scripts/local-cloud/stripe/webhooks';
import { type FaultProxy, startFaultProxy } from '@bloom/scripts/local-cloud/testing/fault-proxy';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import { ERRORS, IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_WAIT_BUDGET_MS } from '../src/aws/table-budget';
import { stripeEventPk } from '../src/billing/keys';
import { IDEMPOTENCY_SK_PREFIX, userPk } from '../src/data/keys';
import { type BillingCloud, startBillingCloud } from './support/billing-cloud';
import type { TestUser } from './support/planner-cloud';

/**
 * Outages and lost answers (docs/rules.md#outages): the handlers reach DynamoDB Local through a fault proxy,
 * and the test's client reaches the API through another, which can lose her answers on the way back. The
 * handlers wait on the table as they do in AWS: the local cloud has no more patient setting.
 */
let table: FaultProxy;
let front: FaultProxy;
let planner: BillingCloud;
let apiUrl: string;
let bedrock: BedrockEmulator;

beforeAll(async () => {
  table = await startFaultProxy({ port: Number(new URL(testDynamoDbEndpoint()).port) });
  // With Stripe, so that its webhook's outage answer is tested too.
  planner = await startBillingCloud({
    dynamodbEndpoint: table.endpoint,
    tableWaitBudgetMs: TABLE_WAIT_BUDGET_MS,
  });
  // The coach refuses to start without its model and guardrail: configured, so its outage answer is tested too.
  bedrock = await startBedrockEmulator();
  Object.assign(process.env, bedrock.env);
  front = await startFaultProxy({ port: Number(new URL(planner.cloud.url).port) });
  apiUrl = front.endpoint;
});
afterEach(async () => {
  table.heal();
  front.heal();
  await table.settled();
});
afterAll(async () => {
  await planner?.stop();
  await bedrock?.stop();
  await front?.stop();
  await table?.stop();
});

/** A past week is never planned for her, so each test starts from an empty week. */
const emptyWeek = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -3);
const ACTIVITIES = ['gratitude-journal', 'morning-intentions', 'savour-your-coffee', 'nature-sounds'];

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One request through the front proxy; a lost answer rejects, as it does in a browser. */
async function send<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
): Promise<Answer<T>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.idToken}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

/** What the web's write queue does: the same request, same key, again until an answer arrives (not a 503). */
async function sendUntilAnswered<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  body: unknown,
  key: string,
): Promise<Answer<T> & { attempts: number }> {
  for (let attempts = 1; ; attempts++) {
    try {
      const answer = await send<T>(user, method, path, body, key);
      if (answer.status !== 503) return { ...answer, attempts };
    } catch {
      // Her answer was lost: send it again.
    }
    if (attempts >= 40) throw new Error(`${method} ${path} got no answer in 40 attempts`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempts, 1000)));
  }
}

/** One request to a route, as her browser (or Stripe, for the webhook) would send it. */
interface RouteRequest {
  path: string;
  init: RequestInit;
}

/**
 * Each route with a request that reaches its handler: her ID token, the path's values, a body (refused by most
 * schemas, which is fine: a write's claim on its key comes first) and a fresh Idempotency-Key for a write. The
 * webhook gets an event signed with the emulator's secret: one it acts on when given `eventId`, else one it ignores.
 */
function requestTo(
  route: RouteDefinition,
  user: TestUser,
  values: Record<string, string>,
  eventId?: string,
): RouteRequest {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
  if (route.handler === 'billing/stripe-webhook') {
    const created = Math.floor(Date.now() / 1000);
    const event = eventId
      ? {
          ...buildEvent(
            'customer.subscription.updated',
            { id: 'sub_resilience', object: 'subscription', customer: 'cus_resilience' },
            created,
          ),
          id: eventId,
        }
      : buildEvent('customer.created', { id: 'cus_resilience', object: 'customer' }, created);
    const body = JSON.stringify(event);
    const signature = signatureHeader(body, planner.stripe.keys.webhookSecret);
    return {
      path,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      },
    };
  }
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    path,
    init: {
      method: route.method,
      headers: {
        ...(route.auth === 'jwt' ? { authorization: `Bearer ${user.idToken}` } : {}),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(takesIdempotencyKey(route) ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
      },
      ...(hasBody ? { body: '{}' } : {}),
    },
  };
}

interface TimedAnswer {
  status: number;
  headers: Headers;
  body: { error?: { code: string; message: string } } | undefined;
  /** From sending the request to having read the whole answer. */
  ms: number;
}

async function timed({ path, init }: RouteRequest): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, init);
  const text = await response.text();
  const ms = performance.now() - started;
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body: json, ms };
}

/** Every item of the test's table, by key. */
async function tableItems(): Promise<Map<string, Record<string, unknown>>> {
  const client = localDynamoClient(testDynamoDbEndpoint());
  const items = new Map<string, Record<string, unknown>>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: planner.cloud.tableName, ConsistentRead: true, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) items.set(`${item.pk} ${item.sk}`, item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** What differs between two snapshots of the table. */
function changes(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>) {
  const added = [...after.entries()].filter(([key]) => !before.has(key)).map(([, item]) => item);
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const changed = [...after.entries()]
    .filter(([key, item]) => before.has(key) && JSON.stringify(before.get(key)) !== JSON.stringify(item))
    .map(([key, item]) => ({
      key,
      attributes: Object.keys(item)
        .concat(Object.keys(before.get(key) ?? {}))
        .filter((name, index, names) => names.indexOf(name) === index)
        .filter((name) => JSON.stringify(item[name]) !== JSON.stringify(before.get(key)?.[name])),
    }));
  return { added, removed, changed };
}

describe('a table that stops answering', () => {
  it('is answered 503 on every route within 3 s of the request, and none of its later writes is made', async () => {
    const [user, leaving, spare] = await Promise.all([
      planner.newUser(),
      planner.newUser(),
      planner.newUser(),
    ]);
    const week = emptyWeek();
    // Both have a planned week: her plan must come through unchanged, and the deletion must not get past its start.
    for (const who of [user, leaving])
      expect(
        (await sendUntilAnswered(who, 'GET', `/api/weeks/${week}`, undefined, randomUUID())).status,
      ).toBe(200);
    const values: Record<string, string> = { weekStart: week, day: '0', slot: 'Morning', id: 'not-there' };
    // Deleting an account is sent with an account of its own: the warm-up deletes `spare`, the outage `leaving`.
    const whoSends = (route: RouteDefinition, warm: boolean) =>
      route.handler === 'me/delete' ? (warm ? spare : leaving) : user;
    const warmUp = () =>
      Promise.all(ROUTES.map((route) => timed(requestTo(route, whoSends(route, true), values))));
    // Every handler loaded first (its module's first import is no part of a request's budget), then each route
    // timed with the table answering, all at once as during the outage: the machine's own pace for the route.
    await warmUp();
    const answering = await warmUp();
    const machinePace = Math.max(...answering.map((answer) => answer.ms));
    // Her calendar feed's address, made after the warm-up (which makes new ones).
    const link = await sendUntilAnswered<{ path: string }>(
      user,
      'POST',
      '/api/me/calendar',
      {},
      randomUUID(),
    );
    values.file = link.body.path.split('/').at(-1) as string;
    const before = await tableItems();

    const eventId = `evt_${randomUUID()}`;
    table.pause();
    const answers = await Promise.all(
      ROUTES.map((route) => timed(requestTo(route, whoSends(route, false), values, eventId))),
    );
    table.resume();
    answers.forEach((answer, index) => {
      const route = ROUTES[index] as RouteDefinition;
      const name = `${route.method} ${route.path}`;
      expect([name, answer.status, answer.body?.error]).toEqual([
        name,
        503,
        { code: 'service_unavailable', message: ERRORS.service_unavailable.message },
      ]);
      expect(answer.headers.get('retry-after'), name).toBe('2');
      // It waited on the table (not refused at once), then answered within 3 s of being sent, give or take the
      // slowest answer of the same requests with the table answering (this machine's pace: up to a second under
      // load, and any route may meet a busier moment than it did then).
      expect(answer.ms, name).toBeGreaterThanOrEqual(TABLE_WAIT_BUDGET_MS);
      expect(answer.ms, name).toBeLessThanOrEqual(3000 + machinePace);
    });

    // Whatever reached the table before it stopped is applied once it runs again: each write's claim on its key
    // and the webhook's on its event. Nothing after that first call: a route's own writes wait for the
    // closed-account check (docs/rules.md#closed-accounts), itself a read the paused table never answered.
    await table.settled();
    const { added, removed, changed } = changes(before, await tableItems());
    expect(removed).toEqual([]);
    const claims = added.filter(
      (item) => item.pk === userPk(user.sub) && String(item.sk).startsWith(`${IDEMPOTENCY_SK_PREFIX}#`),
    );
    expect(claims).toHaveLength(ROUTES.filter(takesIdempotencyKey).length);
    expect(claims.every((claim) => claim.status === 'INPROGRESS')).toBe(true);
    const firstSteps = added
      .filter((item) => !claims.includes(item))
      .sort((one, other) => String(one.pk).localeCompare(String(other.pk)));
    expect(firstSteps).toEqual([
      expect.objectContaining({ pk: stripeEventPk(eventId), customerId: 'cus_resilience' }),
    ]);
    expect(changed).toEqual([]);
    const after = await sendUntilAnswered<WeekView>(
      user,
      'GET',
      `/api/weeks/${week}`,
      undefined,
      randomUUID(),
    );
    expect(after.status).toBe(200);
    expect(after.body.edits.used).toBe(0);
  }, 120_000);

  it('once it answers again, the change sent during the outage is applied once when sent again', async () => {
    const user = await planner.newUser();
    const week = emptyWeek();
    const key = randomUUID();
    const path = `/api/weeks/${week}/days/1/activities`;
    const body = { slot: 'Evening', activityIds: [ACTIVITIES[0]] };
    table.pause();
    const during = await send(user, 'POST', path, body, key);
    expect(during.status).toBe(503);
    // The claim she sent before giving up may still land once the table runs again: it must not block her
    // for long, nor apply her change twice.
    table.resume();
    const answered = await sendUntilAnswered<AddActivitiesResponse>(user, 'POST', path, body, key);
    expect(answered.status).toBe(201);
    const again = await send<AddActivitiesResponse>(user, 'POST', path, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(answered.body);
    const view = await send<WeekView>(user, 'GET', `/api/weeks/${week}`);
    expect(view.body.days[1]?.activities.map((a) => a.activityId)).toEqual([ACTIVITIES[0]]);
    expect(view.body.edits.used).toBe(1);
  }, 60_000);
});

describe('Idempotency-Key', () => {
  it('a write whose answer was lost, sent again with the same key, is applied exactly once', async () => {
    const user = await planner.newUser();
    const week = emptyWeek();
    const key = randomUUID();
    const path = `/api/weeks/${week}/days/3/activities`;
    const body = { slot: 'Morning', activityIds: [ACTIVITIES[1]] };
    front.dropAnswers(1);
    await expect(send(user, 'POST', path, body, key)).rejects.toThrow();
    expect(front.droppedAnswers()).toBeGreaterThan(0);
    front.heal();
    const retried = await send<AddActivitiesResponse>(user, 'POST', path, body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.edits.used).toBe(1);
    const view = await send<WeekView>(user, 'GET', `/api/weeks/${week}`);
    expect(view.body.days[3]?.activities.map((a) => a.activityId)).toEqual([ACTIVITIES[1]]);
    expect(view.body.edits.used).toBe(1);
  });

  it('30 adds at once with a fifth of the answers lost and sent again end with exactly 10 edits', async () => {
    const user = await planner.newUser();
    const week = emptyWeek();
    front.dropAnswers(0.2);
    const adds = Array.from({ length: 30 }, (_, index) => ({
      key: randomUUID(),
      path: `/api/weeks/${week}/days/${index % 7}/activities`,
      body: { slot: ['Morning', 'Midday', 'Evening'][index % 3], activityIds: [ACTIVITIES[index % 4]] },
    }));
    const answers = await Promise.all(
      adds.map((add) => sendUntilAnswered<AddActivitiesResponse>(user, 'POST', add.path, add.body, add.key)),
    );
    front.heal();
    expect(answers.some((answer) => answer.attempts > 1)).toBe(true);
    // Each add is answered once: added, or refused at the limit. (A table request that timed out on this loaded
    // machine and landed later is caught by the slot's duplicate guard, 409: never added twice.)
    expect(answers.every((answer) => [201, 403, 409].includes(answer.status))).toBe(true);
    const added = answers.filter((answer) => answer.status === 201);
    const view = await send<WeekView>(user, 'GET', `/api/weeks/${week}`);
    expect(view.body.edits.used).toBe(10);
    const planned = view.body.days.flatMap((day) => day.activities);
    expect(planned).toHaveLength(10);
    expect(new Set(planned.map((a) => `${a.day} ${a.slot} ${a.activityId}`)).size).toBe(10);
    const answeredIds = added.flatMap((answer) => answer.body.added.map((a) => a.id));
    expect(planned.map((a) => a.id)).toEqual(expect.arrayContaining(answeredIds));
  }, 120_000);

  it('refuses the same key with other content (422) and judges a refused write again when it is sent again', async () => {
    const user = await planner.newUser();
    const week = emptyWeek();
    const key = randomUUID();
    const path = `/api/weeks/${week}/days/4/activities`;
    const first = await send(user, 'POST', path, { slot: 'Midday', activityIds: [ACTIVITIES[2]] }, key);
    expect(first.status).toBe(201);
    const reused = await send<{ error: { code: string; message: string } }>(
      user,
      'POST',
      path,
      { slot: 'Midday', activityIds: [ACTIVITIES[3]] },
      key,
    );
    expect([reused.status, reused.body.error]).toEqual([
      422,
      { code: 'idempotency_key_reused', message: ERRORS.idempotency_key_reused.message },
    ]);
    const empty = await send<{ error: { code: string } }>(user, 'POST', path, {}, ' ');
    expect([empty.status, empty.body.error.code]).toEqual([400, 'invalid_idempotency_key']);
  });

  it('keeps no answer but a success: every write route judges a refused request again (all routes at once)', async () => {
    const user = await planner.newUser();
    const values: Record<string, string> = {
      weekStart: 'not-a-week',
      day: '9',
      slot: 'Never',
      id: 'missing',
    };
    await Promise.all(
      ROUTES.filter(takesIdempotencyKey).map(async (route) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
        // Every write route refuses a body it does not take, or a field its schema does not know.
        const body = { unexpected: true };
        const key = randomUUID();
        const first = await send(user, route.method, path, body, key);
        const second = await send(user, route.method, path, body, key);
        expect([route.path, first.status >= 400], `${route.method} ${route.path}`).toEqual([
          route.path,
          true,
        ]);
        expect([route.path, second.status, second.headers.get('idempotent-replayed')]).toEqual([
          route.path,
          first.status,
          null,
        ]);
      }),
    );
  });

  it('does not deduplicate a write without the header (older clients), nor share keys between people', async () => {
    const week = emptyWeek();
    const [her, another] = [await planner.newUser(), await planner.newUser()];
    const path = `/api/weeks/${week}/days/5/activities`;
    const body = { slot: 'Morning', activityIds: [ACTIVITIES[0]] };
    expect((await send(her, 'POST', path, body)).status).toBe(201);
    // Sent again without a key, the same add is judged again: here the slot's duplicate guard refuses it.
    expect((await send(her, 'POST', path, body)).status).toBe(409);
    const key = randomUUID();
    const hers = await send<AddActivitiesResponse>(her, 'POST', path, body, key);
    const theirs = await send<AddActivitiesResponse>(another, 'POST', path, body, key);
    expect([theirs.status, theirs.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect([hers.status, hers.body.edits?.used]).toEqual([409, undefined]);
    expect(theirs.body.edits.used).toBe(1);
  });
});
