import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type {
  CompleteSlotResponse,
  CreateCustomActivityResponse,
  DayCompletionResponse,
  RemoveActivityResponse,
  UpdatePlannedActivityResponse,
} from '@bloom/shared/api/schemas';
import type { DayIndex, PlannedActivity, WeekView } from '@bloom/shared/planner/types';
import { addWeeks, dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingProxy } from './support/counting-proxy';
import { type PlannerCloud, planActivities, startPlannerCloud, type TestUser } from './support/planner-cloud';

/**
 * Day completion is kept true by every write that changes a day's activities (docs/rules.md#day-completion):
 * a day is marked when a write leaves every one of its activities done, and a completed day that gains an open
 * activity or loses its last one is unmarked, in the same transaction as the write.
 */

let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let cloud: PlannerCloud;
beforeAll(async () => {
  // The proxy lets a test hold one write back while another request overtakes it.
  proxy = await startCountingProxy(testDynamoDbEndpoint());
  cloud = await startPlannerCloud({ dynamodbEndpoint: proxy.endpoint } as never);
});
afterAll(async () => {
  await cloud?.stop();
  await proxy?.stop();
});

const today = () => todayIn('UTC', new Date());
const pastWeek = () => addWeeks(weekStartOf(today()), -2);

const plan = planActivities;

async function tick(user: TestUser, week: string, activity: PlannedActivity | undefined) {
  const response = await user.call<UpdatePlannedActivityResponse>(
    'PATCH',
    `/api/weeks/${week}/activities/${activity?.id}`,
    { completed: true },
  );
  expect(response.status).toBe(200);
  return response.body;
}

async function stored(user: TestUser, week: string) {
  const response = await user.call<WeekView>('GET', `/api/weeks/${week}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** A day with one finished activity, marked complete by its tick. */
async function completedDay(user: TestUser, week: string, day: DayIndex) {
  const {
    added: [done],
  } = await plan(user, week, day, 'Morning', ['gratitude-journal']);
  expect((await tick(user, week, done)).completedDays).toContain(day);
  return done;
}

describe('day completion follows every write', () => {
  it('add: a completed day that gains an open activity is no longer complete, and the streak says so', async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'UTC' });
    const week = weekStartOf(today());
    const day = dayIndexOf(today()) as DayIndex;
    await completedDay(user, week, day);
    expect((await stored(user, week)).streak).toBe(1);

    const added = await plan(user, week, day, 'Evening', ['nature-sounds']);
    expect(added.completedDays).toEqual([]);
    expect(added.streak).toBe(0);
    const after = await stored(user, week);
    expect(after.completedDays).toEqual([]);
    expect(after.streak).toBe(0);
  });

  it('add: a day she marked by hand while activities were open stays marked', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    await plan(user, week, 3, 'Morning', ['gratitude-journal']);
    const marked = await user.call<DayCompletionResponse>('PUT', `/api/weeks/${week}/days/3/completion`, {
      completed: true,
    });
    expect(marked.body.completedDays).toEqual([3]);

    const added = await plan(user, week, 3, 'Evening', ['nature-sounds']);
    expect(added.completedDays).toEqual([3]);
    expect((await stored(user, week)).completedDays).toEqual([3]);
  });

  it('remove: removing the last open activity of a day whose others are done completes it', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const {
      added: [done, open],
    } = await plan(user, week, 1, 'Midday', ['gratitude-journal', 'nature-sounds']);
    await tick(user, week, done);

    const removed = await user.call<RemoveActivityResponse>(
      'DELETE',
      `/api/weeks/${week}/activities/${open?.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ dayCompleted: true, completedDays: [1] });
    expect((await stored(user, week)).completedDays).toEqual([1]);
  });

  it('remove: a completed day that loses its last activity is no longer complete', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const done = await completedDay(user, week, 2);

    const removed = await user.call<RemoveActivityResponse>(
      'DELETE',
      `/api/weeks/${week}/activities/${done?.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ dayCompleted: false, completedDays: [] });
    expect((await stored(user, week)).completedDays).toEqual([]);
  });

  it('move: the day left with only done activities completes, the completed day that gains an open one reopens', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const {
      added: [done, open],
    } = await plan(user, week, 4, 'Morning', ['gratitude-journal', 'nature-sounds']);
    await tick(user, week, done);
    await completedDay(user, week, 5);

    const moved = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${open?.id}`,
      { day: 5, slot: 'Evening' },
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ dayCompleted: true, completedDays: [4] });
    const after = await stored(user, week);
    expect(after.completedDays).toEqual([4]);
    expect(after.days[5]?.activities.map((activity) => activity.id)).toContain(open?.id);
  });

  it('move: a finished activity moved into an empty day completes it', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const {
      added: [done],
    } = await plan(user, week, 0, 'Morning', ['gratitude-journal', 'nature-sounds']);
    await tick(user, week, done);

    const moved = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${done?.id}`,
      { day: 6, slot: 'Midday' },
    );
    expect(moved.body).toMatchObject({ dayCompleted: true, completedDays: [6] });
    expect((await stored(user, week)).completedDays).toEqual([6]);
  });

  it('custom-create: a completed day that gets a new custom activity is no longer complete', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    await completedDay(user, week, 3);

    const created = await user.call<CreateCustomActivityResponse>('POST', '/api/activities', {
      name: 'Bubble bath',
      duration: 20,
      category: 'Sensory',
      icon: '🛁',
      weekStart: week,
      day: 3,
      slot: 'Evening',
    });
    expect(created.status).toBe(201);
    expect(created.body.completedDays).toEqual([]);
    expect(created.body.streak).toBe(0);
    expect((await stored(user, week)).completedDays).toEqual([]);
  });

  it('complete-slot: an activity added while Complete All decides keeps the day open', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    await plan(user, week, 2, 'Morning', ['gratitude-journal']);

    // Complete All reads a day whose only open activity is in its slot; its write waits until an add lands.
    const held = proxy.holdNext('TransactWriteItems', 'SET completedAt');
    const completing = user.call<CompleteSlotResponse>(
      'POST',
      `/api/weeks/${week}/days/2/slots/Morning/complete`,
    );
    await held.arrived;
    const added = await plan(user, week, 2, 'Evening', ['nature-sounds']);
    held.release();
    const completed = await completing;

    expect(completed.status).toBe(200);
    expect(completed.body.activities.map((activity) => activity.completed)).toEqual([true]);
    expect(completed.body).toMatchObject({ dayCompleted: false, completedDays: [] });
    const after = await stored(user, week);
    expect(after.completedDays).toEqual([]);
    expect(after.days[2]?.activities.find((activity) => activity.id === added.added[0]?.id)?.completed).toBe(
      false,
    );
  });

  it('complete-slot: finishing the day marks it, and a later add reopens it', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    await plan(user, week, 6, 'Midday', ['gratitude-journal', 'nature-sounds']);
    const completed = await user.call<CompleteSlotResponse>(
      'POST',
      `/api/weeks/${week}/days/6/slots/Midday/complete`,
    );
    expect(completed.body).toMatchObject({ dayCompleted: true, completedDays: [6] });
    expect((await plan(user, week, 6, 'Evening', ['savour-your-coffee'])).completedDays).toEqual([]);
  });

  it('tick: the last tick racing an add does not mark a day that has an open activity', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const {
      added: [only],
    } = await plan(user, week, 5, 'Morning', ['gratitude-journal']);

    const held = proxy.holdNext('TransactWriteItems', 'SET completedAt');
    const ticking = user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${only?.id}`,
      {
        completed: true,
      },
    );
    await held.arrived;
    await plan(user, week, 5, 'Evening', ['nature-sounds']);
    held.release();
    const ticked = await ticking;

    expect(ticked.status).toBe(200);
    expect(ticked.body).toMatchObject({ dayCompleted: false, completedDays: [] });
    expect((await stored(user, week)).completedDays).toEqual([]);
  });
});
