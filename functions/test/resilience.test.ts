import { randomUUID } from 'node:crypto';
import { ROUTES, takesIdempotencyKey } from '@bloom/functions/routes';
import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { type FaultProxy, startFaultProxy } from '@bloom/scripts/local-cloud/testing/fault-proxy';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import { ERRORS, IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

/**
 * Outages and lost answers (docs/rules.md#outages): the handlers reach DynamoDB Local through a fault proxy,
 * and the test's client reaches the API through another, which can lose her answers on the way back.
 */
let table: FaultProxy;
let front: FaultProxy;
let planner: PlannerCloud;
let apiUrl: string;
let bedrock: BedrockEmulator;

beforeAll(async () => {
  // AWS's budget (DYNAMODB_BUDGET in functions/src/aws/dynamodb.ts, not imported here: importing it would make the
  // handlers' client before the cloud sets its endpoint), not the local cloud's more patient one.
  process.env.DYNAMODB_REQUEST_TIMEOUT_MS = '2000';
  table = await startFaultProxy({ port: Number(new URL(testDynamoDbEndpoint()).port) });
  planner = await startPlannerCloud({ dynamodbEndpoint: table.endpoint });
  // The coach refuses to start without its model and guardrail: configured, so its outage answer is tested too.
  bedrock = await startBedrockEmulator();
  Object.assign(process.env, bedrock.env);
  front = await startFaultProxy({ port: Number(new URL(planner.cloud.url).port) });
  apiUrl = front.endpoint;
});
afterEach(() => {
  table.heal();
  front.heal();
});
afterAll(async () => {
  delete process.env.DYNAMODB_REQUEST_TIMEOUT_MS;
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

describe('a table that stops answering', () => {
  it('is answered 503 with Retry-After within 3 s on every route, and nothing is written', async () => {
    const user = await planner.newUser();
    const week = emptyWeek();
    await send(user, 'GET', `/api/weeks/${week}`);
    const values: Record<string, string> = { weekStart: week, day: '0', slot: 'Morning', id: 'not-there' };
    table.pause();
    // The webhook is Stripe's: it checks the signature before it reads the table, and Stripe retries any non-2xx.
    for (const route of ROUTES.filter((entry) => entry.auth === 'jwt')) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
      const started = performance.now();
      const answer = await send<{ error: { code: string; message: string } }>(
        user,
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        takesIdempotencyKey(route) ? randomUUID() : undefined,
      );
      const seconds = (performance.now() - started) / 1000;
      expect([route.method, route.path, answer.status, answer.body.error.code]).toEqual([
        route.method,
        route.path,
        503,
        'service_unavailable',
      ]);
      expect(answer.body.error.message).toBe(ERRORS.service_unavailable.message);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(seconds, `${route.method} ${route.path}`).toBeLessThanOrEqual(3);
    }
    table.resume();
    const after = await send<WeekView>(user, 'GET', `/api/weeks/${week}`);
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

  it('keeps no answer but a success: every write route judges a refused request again (loop over the routes)', async () => {
    const user = await planner.newUser();
    const values: Record<string, string> = {
      weekStart: 'not-a-week',
      day: '9',
      slot: 'Never',
      id: 'missing',
    };
    for (const route of ROUTES.filter(takesIdempotencyKey)) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
      // Every write route refuses a body it does not take, or a field its schema does not know.
      const body = { unexpected: true };
      const key = randomUUID();
      const first = await send(user, route.method, path, body, key);
      const second = await send(user, route.method, path, body, key);
      expect([route.path, first.status >= 400], `${route.method} ${route.path}`).toEqual([route.path, true]);
      expect([route.path, second.status, second.headers.get('idempotent-replayed')]).toEqual([
        route.path,
        first.status,
        null,
      ]);
    }
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
