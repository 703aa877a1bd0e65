import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isClosedAccountCheck,
  isWrite,
  type RecordedRequest,
  startCountingProxy,
} from './support/counting-proxy';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let cloud: PlannerCloud;
let user: TestUser;
beforeAll(async () => {
  proxy = await startCountingProxy(testDynamoDbEndpoint());
  cloud = await startPlannerCloud({ dynamodbEndpoint: proxy.endpoint } as never);
  user = await cloud.newUser();
});
afterAll(async () => {
  await cloud?.stop();
  await proxy?.stop();
});

const currentWeek = () => weekStartOf(todayIn('UTC', new Date()));
const pastWeek = () => addWeeks(currentWeek(), -1);

/** Requests that overlapped in time: each started before every earlier one ended. */
function allInParallel(requests: RecordedRequest[]): boolean {
  const firstEnd = Math.min(...requests.map((request) => request.endedAt));
  return requests.every((request) => request.startedAt <= firstEnd);
}

describe('DynamoDB request budget', () => {
  it('loads a week with at most 3 reads and the closed-account check, all sent in parallel, and never scans', async () => {
    await user.call('GET', `/api/weeks/${currentWeek()}`); // the first load seeds the plan
    const requests = await proxy.during(() => user.call<WeekView>('GET', `/api/weeks/${currentWeek()}`));
    expect(requests.filter(isClosedAccountCheck)).toHaveLength(1);
    expect(requests.filter((request) => !isClosedAccountCheck(request)).length).toBeLessThanOrEqual(3);
    expect(requests.every((request) => ['GetItem', 'Query'].includes(request.operation))).toBe(true);
    // The check costs no round trip of its own: it runs beside the week's reads.
    expect(allInParallel(requests)).toBe(true);
  });

  it('seeds a new week with the same 3 reads, the check beside them, and one write', async () => {
    const requests = await proxy.during(() => user.call('GET', `/api/weeks/${addWeeks(currentWeek(), 2)}`));
    expect(requests.filter(isWrite).map((request) => request.operation)).toEqual(['TransactWriteItems']);
    const reads = requests.filter((request) => !isWrite(request));
    expect(reads.filter((request) => !isClosedAccountCheck(request))).toHaveLength(3);
    expect(reads.filter(isClosedAccountCheck)).toHaveLength(1);
    expect(allInParallel(reads)).toBe(true);
  });

  it('sends exactly one write request for every user action', async () => {
    const week = pastWeek();
    const writesOf = async (action: () => Promise<{ status: number }>, expectedStatus: number) => {
      let status = 0;
      const requests = await proxy.during(async () => {
        status = (await action()).status;
      });
      expect(status).toBe(expectedStatus);
      return requests.filter(isWrite).map((request) => request.operation);
    };

    let added: AddActivitiesResponse['added'] = [];
    expect(
      await writesOf(async () => {
        const response = await user.call<AddActivitiesResponse>(
          'POST',
          `/api/weeks/${week}/days/0/activities`,
          {
            slot: 'Morning',
            activityIds: ['gratitude-journal', 'savour-your-coffee'],
          },
        );
        added = response.body.added;
        return response;
      }, 201),
    ).toEqual(['TransactWriteItems']);
    const [first, second] = added;
    expect(
      await writesOf(
        () => user.call('PATCH', `/api/weeks/${week}/activities/${first?.id}`, { completed: true }),
        200,
      ),
    ).toEqual(['TransactWriteItems']);
    // The last tick also marks the day: still one request.
    expect(
      await writesOf(
        () => user.call('PATCH', `/api/weeks/${week}/activities/${second?.id}`, { completed: true }),
        200,
      ),
    ).toEqual(['TransactWriteItems']);
    expect(
      await writesOf(
        () => user.call('PATCH', `/api/weeks/${week}/activities/${second?.id}`, { day: 1, slot: 'Evening' }),
        200,
      ),
    ).toEqual(['TransactWriteItems']);
    // A move keeps both days' marks true in the same request: day 1 now holds only the finished activity, so the
    // move marked it. An add there unmarks it in its own request, and Complete All marks it again in its own.
    expect(
      await writesOf(
        () =>
          user.call('POST', `/api/weeks/${week}/days/1/activities`, {
            slot: 'Evening',
            activityIds: ['nature-sounds'],
          }),
        201,
      ),
    ).toEqual(['TransactWriteItems']);
    expect(
      await writesOf(() => user.call('POST', `/api/weeks/${week}/days/1/slots/Evening/complete`), 200),
    ).toEqual(['TransactWriteItems']);
    expect(
      await writesOf(
        () => user.call('PUT', `/api/weeks/${week}/days/4/completion`, { completed: true }),
        200,
      ),
    ).toEqual(['PutItem']);
    expect(
      await writesOf(
        () => user.call('PUT', `/api/weeks/${week}/days/4/completion`, { completed: false }),
        200,
      ),
    ).toEqual(['DeleteItem']);
    expect(
      await writesOf(
        () =>
          user.call('POST', '/api/activities', {
            name: 'Tea ceremony',
            duration: 10,
            category: 'Sensory',
            icon: '🍵',
            weekStart: week,
            day: 2,
            slot: 'Midday',
          }),
        201,
      ),
    ).toEqual(['TransactWriteItems']);
    expect(
      await writesOf(() => user.call('DELETE', `/api/weeks/${week}/activities/${first?.id}`), 200),
    ).toEqual(['TransactWriteItems']);
    expect(await writesOf(() => user.call('PUT', '/api/me', { timeZone: 'Europe/Rome' }), 200)).toEqual([
      'UpdateItem',
    ]);
  });

  it('saves new quiz answers and replans her untouched week in one write, after 3 parallel reads', async () => {
    const fresh = await cloud.newUser();
    await fresh.call('PUT', '/api/me', { timeZone: 'UTC' });
    await fresh.call('GET', `/api/weeks/${currentWeek()}`);
    const answers = {
      timeCommitment: '30+ minutes',
      energyLevel: 'High - bring on the challenge',
      focusAreas: ['Physical health'],
      vibe: 'Productive & energizing',
      timePreference: 'Evening person',
    };
    let body: { planChange?: unknown } = {};
    const requests = await proxy.during(async () => {
      body = (await fresh.call('PUT', '/api/me', { timeZone: 'UTC', quizAnswers: answers })).body;
    });
    expect(body.planChange).toEqual({ weekStart: currentWeek(), outcome: 'replanned' });
    expect(requests.filter(isWrite).map((request) => request.operation)).toEqual(['TransactWriteItems']);
    const reads = requests.filter((request) => !isWrite(request));
    expect(reads.filter((request) => !isClosedAccountCheck(request))).toHaveLength(3);
    expect(reads.filter(isClosedAccountCheck)).toHaveLength(1);
    expect(allInParallel(reads)).toBe(true);

    // Replacing a week she has made her own: one write too.
    const replace = await proxy.during(() => fresh.call('POST', `/api/weeks/${currentWeek()}/replan`));
    expect(replace.filter(isWrite).map((request) => request.operation)).toEqual(['TransactWriteItems']);
  });

  it('reads without a single Scan across everything above', () => {
    expect(proxy.all().length).toBeGreaterThan(20);
    expect(proxy.all().filter((request) => request.operation === 'Scan')).toEqual([]);
  });
});
