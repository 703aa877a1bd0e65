import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import type { UpdateProfileResponse } from '@bloom/shared/api/schemas';
import { defaultPlanSeed, generatePlan } from '@bloom/shared/plan/generate-plan';
import { arrangementOf, arrangePlan, type PlanArrangement, weekPlan } from '@bloom/shared/plan/week-plan';
import { type PlannedActivity, SLOTS, type Slot, type WeekView } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCIAL_EVENING } from './support/answers';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

/** Set by a test: run once just before the next transaction that replaces a week's plan is sent. */
const race = vi.hoisted(() => ({ beforeReplan: undefined as undefined | (() => Promise<void>) }));

vi.mock('../src/data/transact', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/data/transact')>();
  const replacesAPlan = (input: TransactWriteCommandInput) =>
    (input.TransactItems ?? []).some((item) => item.Delete !== undefined);
  return {
    ...actual,
    transactWrite: async (input: TransactWriteCommandInput, ...rest: unknown[]) => {
      const before = race.beforeReplan;
      if (before && replacesAPlan(input)) {
        race.beforeReplan = undefined;
        await before();
      }
      return (actual.transactWrite as (...args: unknown[]) => unknown)(input, ...rest);
    },
  };
});

let cloud: PlannerCloud;
let table: DynamoDBDocumentClient;
beforeAll(async () => {
  cloud = await startPlannerCloud();
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(() => cloud?.stop());

const thisWeek = () => weekStartOf(todayIn('UTC', new Date()));
const activitiesOf = (week: WeekView) => week.days.flatMap((day) => day.activities);
const placements = (activities: readonly Pick<PlannedActivity, 'day' | 'slot' | 'activityId'>[]) =>
  activities.map(({ day, slot, activityId }) => ({ day, slot, activityId }));

async function readWeek(user: TestUser, weekStart = thisWeek()): Promise<WeekView> {
  const response = await user.call<WeekView>('GET', `/api/weeks/${weekStart}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function saveAnswers(
  user: TestUser,
  quizAnswers: QuizAnswers,
  planArrangement?: PlanArrangement,
): Promise<UpdateProfileResponse> {
  const response = await user.call<UpdateProfileResponse>('PUT', '/api/me', {
    timeZone: 'UTC',
    quizAnswers,
    ...(planArrangement ? { planArrangement } : {}),
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** A user whose current week Bloom planned from the default answers. */
async function plannedUser(): Promise<{ user: TestUser; week: WeekView }> {
  const user = await cloud.newUser();
  await saveAnswers(user, DEFAULT_QUIZ_ANSWERS);
  return { user, week: await readWeek(user) };
}

/** The week's arrangement with Monday's first activity moved to the end of the next slot. */
function movedOneSlot(weekStart: string, answers: QuizAnswers): PlanArrangement {
  const arrangement = arrangementOf(weekStart, weekPlan(answers, weekStart));
  const monday = arrangement.days[0] as Record<Slot, string[]>;
  const from = SLOTS.find((slot) => monday[slot].length > 0);
  if (!from) throw new Error('Monday has nothing to move');
  const to = SLOTS[(SLOTS.indexOf(from) + 1) % SLOTS.length] as Slot;
  const [first, ...rest] = monday[from];
  const days = [...arrangement.days];
  days[0] = { ...monday, [from]: rest, [to]: [...monday[to], first] };
  return { weekStart, days };
}

describe('new quiz answers and the current week', () => {
  it('plans an untouched week again from the new answers, at no edit', async () => {
    const { user, week } = await plannedUser();
    const saved = await saveAnswers(user, SOCIAL_EVENING);
    expect(saved.planChange).toEqual({ weekStart: thisWeek(), outcome: 'replanned' });
    expect(saved.quizAnswers).toEqual(SOCIAL_EVENING);

    const after = await readWeek(user);
    expect(placements(activitiesOf(after))).toEqual(placements(weekPlan(SOCIAL_EVENING, thisWeek())));
    expect(placements(activitiesOf(after))).not.toEqual(placements(activitiesOf(week)));
    expect(after.edits.used).toBe(0);
  });

  it('changes nothing when the answers are the same (focus areas in another order)', async () => {
    const { user, week } = await plannedUser();
    const saved = await saveAnswers(user, {
      ...DEFAULT_QUIZ_ANSWERS,
      focusAreas: [...DEFAULT_QUIZ_ANSWERS.focusAreas].reverse(),
    });
    expect(saved.planChange).toBeNull();
    expect(activitiesOf(await readWeek(user))).toEqual(activitiesOf(week));
  });

  it('keeps a week with a tick, and offers to replace it', async () => {
    const { user, week } = await plannedUser();
    const ticked = activitiesOf(week)[0] as PlannedActivity;
    await user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${ticked.id}`, { completed: true });
    const saved = await saveAnswers(user, SOCIAL_EVENING);
    expect(saved.planChange).toEqual({ weekStart: thisWeek(), outcome: 'offered' });
    expect(saved.quizAnswers).toEqual(SOCIAL_EVENING);
    expect(activitiesOf(await readWeek(user)).map((activity) => activity.id)).toEqual(
      activitiesOf(week).map((activity) => activity.id),
    );
  });

  it('offers, not replans, when she moved or removed an activity (free changes, but hers)', async () => {
    const moved = await plannedUser();
    const first = activitiesOf(moved.week)[0] as PlannedActivity;
    const to = first.slot === 'Evening' ? 'Morning' : 'Evening';
    await moved.user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${first.id}`, {
      day: first.day,
      slot: to,
    });
    expect((await saveAnswers(moved.user, SOCIAL_EVENING)).planChange?.outcome).toBe('offered');

    const removed = await plannedUser();
    const gone = activitiesOf(removed.week)[0] as PlannedActivity;
    await removed.user.call('DELETE', `/api/weeks/${thisWeek()}/activities/${gone.id}`);
    expect((await saveAnswers(removed.user, SOCIAL_EVENING)).planChange?.outcome).toBe('offered');
    expect(activitiesOf(await readWeek(removed.user))).toHaveLength(activitiesOf(removed.week).length - 1);
  });

  it('offers when an edit was used, and for a day marked complete', async () => {
    const edited = await plannedUser();
    await edited.user.call('POST', `/api/weeks/${thisWeek()}/days/6/activities`, {
      slot: 'Midday',
      activityIds: ['candle-and-breathe'],
    });
    expect((await readWeek(edited.user)).edits.used).toBe(1);
    expect((await saveAnswers(edited.user, SOCIAL_EVENING)).planChange?.outcome).toBe('offered');

    const marked = await plannedUser();
    await marked.user.call('PUT', `/api/weeks/${thisWeek()}/days/2/completion`, { completed: true });
    expect((await saveAnswers(marked.user, SOCIAL_EVENING)).planChange?.outcome).toBe('offered');
  });

  it('leaves a week not planned yet to its first read, which plans it from the new answers', async () => {
    const user = await cloud.newUser();
    await saveAnswers(user, DEFAULT_QUIZ_ANSWERS);
    expect((await saveAnswers(user, SOCIAL_EVENING)).planChange).toBeNull();
    expect(placements(activitiesOf(await readWeek(user)))).toEqual(
      placements(weekPlan(SOCIAL_EVENING, thisWeek())),
    );
  });
});

describe('POST /api/weeks/{weekStart}/replan', () => {
  it('replaces the plan from her new answers: ticked activities stay, unticked ones go, no edit is spent', async () => {
    const { user, week } = await plannedUser();
    const ticked = activitiesOf(week)[0] as PlannedActivity;
    await user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${ticked.id}`, { completed: true });
    await user.call('POST', `/api/weeks/${thisWeek()}/days/6/activities`, {
      slot: 'Midday',
      activityIds: ['candle-and-breathe'],
    });
    await saveAnswers(user, SOCIAL_EVENING);

    const replaced = await user.call<WeekView>('POST', `/api/weeks/${thisWeek()}/replan`);
    expect(replaced.status).toBe(200);
    expect(replaced.body.edits.used).toBe(1);
    const after = activitiesOf(await readWeek(user));
    expect(after).toEqual(activitiesOf(replaced.body));
    expect(after.find((activity) => activity.id === ticked.id)).toMatchObject({ completed: true });
    const others = after.filter((activity) => activity.id !== ticked.id);
    expect(others.every((activity) => !activity.completed)).toBe(true);
    const fresh = weekPlan(SOCIAL_EVENING, thisWeek()).filter(
      (entry) =>
        !(entry.day === ticked.day && entry.slot === ticked.slot && entry.activityId === ticked.activityId),
    );
    expect(placements(others)).toEqual(placements(fresh));
    // Nothing of the old plan is left but what she ticked.
    const oldIds = new Set(activitiesOf(week).map((activity) => activity.id));
    expect(others.some((activity) => oldIds.has(activity.id))).toBe(false);
  });

  it('writes all of it or nothing: a tick racing the replacement cancels it, and it is decided again', async () => {
    const { user, week } = await plannedUser();
    const first = activitiesOf(week)[0] as PlannedActivity;
    const racer = activitiesOf(week)[1] as PlannedActivity;
    await user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${first.id}`, { completed: true });
    await saveAnswers(user, SOCIAL_EVENING);

    let raced = false;
    race.beforeReplan = async () => {
      raced = true;
      // Her other tab ticks an activity this replacement was about to remove.
      await table.send(
        new UpdateCommand({
          TableName: cloud.cloud.tableName,
          Key: { pk: `USER#${user.sub}`, sk: `WEEK#${thisWeek()}#ACT#${racer.id}` },
          UpdateExpression: 'SET completedAt = :now',
          ExpressionAttributeValues: { ':now': new Date().toISOString() },
        }),
      );
    };
    const replaced = await user.call<WeekView>('POST', `/api/weeks/${thisWeek()}/replan`);
    expect(raced).toBe(true);
    expect(replaced.status).toBe(200);

    const after = activitiesOf(await readWeek(user));
    expect(after).toEqual(activitiesOf(replaced.body));
    // Both ticks stay; the cancelled attempt left nothing behind (no activity twice in a slot).
    expect(
      after
        .filter((activity) => activity.completed)
        .map((activity) => activity.id)
        .sort(),
    ).toEqual([first.id, racer.id].sort());
    const keys = after.map((activity) => `${activity.day}:${activity.slot}:${activity.activityId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const freshCount = weekPlan(SOCIAL_EVENING, thisWeek()).length;
    expect(after.length).toBeLessThanOrEqual(freshCount + 2);
  });

  it('leaves a day marked complete as it is', async () => {
    const { user, week } = await plannedUser();
    await user.call('PUT', `/api/weeks/${thisWeek()}/days/3/completion`, { completed: true });
    await saveAnswers(user, SOCIAL_EVENING);
    const replaced = await user.call<WeekView>('POST', `/api/weeks/${thisWeek()}/replan`);
    expect(replaced.status).toBe(200);
    expect(replaced.body.completedDays).toEqual([3]);
    expect(replaced.body.days[3]?.activities).toEqual(week.days[3]?.activities);
    expect(placements(replaced.body.days[4]?.activities ?? [])).toEqual(
      placements(weekPlan(SOCIAL_EVENING, thisWeek()).filter((entry) => entry.day === 4)),
    );
  });

  it('keeps day marks true by the shared rule: a finished day she unmarked stays unmarked as it gains the new plan', async () => {
    const { user, week } = await plannedUser();
    const day = week.days.find((entry) => entry.activities.length > 0 && entry.day !== 0);
    if (!day) throw new Error('no planned day');
    for (const activity of day.activities) {
      await user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${activity.id}`, { completed: true });
    }
    await user.call('PUT', `/api/weeks/${thisWeek()}/days/${day.day}/completion`, { completed: false });
    await saveAnswers(user, SOCIAL_EVENING);

    const replaced = await user.call<WeekView>('POST', `/api/weeks/${thisWeek()}/replan`);
    expect(replaced.status).toBe(200);
    const after = replaced.body.days[day.day]?.activities ?? [];
    expect(after.filter((activity) => activity.completed).map((activity) => activity.id)).toEqual(
      day.activities.map((activity) => activity.id),
    );
    expect(after.some((activity) => !activity.completed)).toBe(true);
    expect(replaced.body.completedDays).not.toContain(day.day);
    expect((await readWeek(user)).completedDays).not.toContain(day.day);
  });

  it('marks a day complete when replacing takes away its last open activity', async () => {
    const { user, week } = await plannedUser();
    const day = week.days.find((entry) => entry.activities.length > 0);
    if (!day) throw new Error('no planned day');
    // An activity of her own, still open, and every planned one ticked: the day is not complete.
    await user.call('POST', `/api/weeks/${thisWeek()}/days/${day.day}/activities`, {
      slot: 'Midday',
      activityIds: ['candle-and-breathe'],
    });
    for (const activity of day.activities) {
      await user.call('PATCH', `/api/weeks/${thisWeek()}/activities/${activity.id}`, { completed: true });
    }
    expect((await readWeek(user)).completedDays).not.toContain(day.day);

    // Her answers as they are: the same plan, whose activities of that day she has all ticked already, so the
    // day keeps those and loses the open one.
    const replaced = await user.call<WeekView>('POST', `/api/weeks/${thisWeek()}/replan`);
    expect(replaced.status).toBe(200);
    expect(replaced.body.days[day.day]?.activities.map((activity) => activity.id)).toEqual(
      day.activities.map((activity) => activity.id),
    );
    expect(replaced.body.completedDays).toContain(day.day);
    expect((await readWeek(user)).completedDays).toContain(day.day);
  });

  it('refuses a past week', async () => {
    const { user } = await plannedUser();
    const response = await user.call('POST', `/api/weeks/${addWeeks(thisWeek(), -1)}/replan`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('week_in_past');
  });
});

describe('the preview arrangement carried into her first week', () => {
  it('plans her first week as she arranged the preview, in her order, at no edit', async () => {
    const user = await cloud.newUser();
    const arrangement = movedOneSlot(thisWeek(), SOCIAL_EVENING);
    const saved = await saveAnswers(user, SOCIAL_EVENING, arrangement);
    expect(saved.planChange).toBeNull();
    const week = await readWeek(user);
    const generated = generatePlan({ answers: SOCIAL_EVENING, seed: defaultPlanSeed(thisWeek()) });
    const arranged = arrangePlan(generated, arrangement);
    expect(arranged).not.toEqual(generated);
    expect(placements(activitiesOf(week))).toEqual(placements(arranged));
    expect(week.edits.used).toBe(0);
    // Only that week: the next one is the plain plan.
    const next = await readWeek(user, addWeeks(thisWeek(), 1));
    expect(placements(activitiesOf(next))).toEqual(
      placements(weekPlan(SOCIAL_EVENING, addWeeks(thisWeek(), 1))),
    );
  });

  it('ignores a forged arrangement with an activity the plan does not have', async () => {
    const user = await cloud.newUser();
    const arrangement = movedOneSlot(thisWeek(), SOCIAL_EVENING);
    const monday = arrangement.days[0] as Record<Slot, string[]>;
    const forged = {
      ...arrangement,
      days: [{ ...monday, Evening: [...monday.Evening, 'one-page-day-plan'] }, ...arrangement.days.slice(1)],
    };
    expect(
      weekPlan(SOCIAL_EVENING, thisWeek()).some((entry) => entry.activityId === 'one-page-day-plan'),
    ).toBe(false);
    await saveAnswers(user, SOCIAL_EVENING, forged);
    expect(placements(activitiesOf(await readWeek(user)))).toEqual(
      placements(weekPlan(SOCIAL_EVENING, thisWeek())),
    );
  });

  it('ignores an arrangement of the plan other answers make', async () => {
    const user = await cloud.newUser();
    await saveAnswers(user, SOCIAL_EVENING, movedOneSlot(thisWeek(), DEFAULT_QUIZ_ANSWERS));
    expect(placements(activitiesOf(await readWeek(user)))).toEqual(
      placements(weekPlan(SOCIAL_EVENING, thisWeek())),
    );
  });

  it('replans an untouched week as she arranged the preview of the new answers', async () => {
    const { user } = await plannedUser();
    const arrangement = movedOneSlot(thisWeek(), SOCIAL_EVENING);
    expect((await saveAnswers(user, SOCIAL_EVENING, arrangement)).planChange?.outcome).toBe('replanned');
    expect(placements(activitiesOf(await readWeek(user)))).toEqual(
      placements(weekPlan(SOCIAL_EVENING, thisWeek(), arrangement)),
    );
  });

  it('refuses an arrangement without answers, or one too large', async () => {
    const user = await cloud.newUser();
    const planArrangement = movedOneSlot(thisWeek(), SOCIAL_EVENING);
    const alone = await user.call('PUT', '/api/me', { timeZone: 'UTC', planArrangement });
    expect(alone.status).toBe(400);
    expect(Object.keys(alone.body.error.fields)).toContain('planArrangement');
    const stuffed = {
      ...planArrangement,
      days: planArrangement.days.map(() => ({ Morning: Array(40).fill('x'), Midday: [], Evening: [] })),
    };
    const large = await user.call('PUT', '/api/me', {
      timeZone: 'UTC',
      quizAnswers: SOCIAL_EVENING,
      planArrangement: stuffed,
    });
    expect(large.status).toBe(400);
  });
});
