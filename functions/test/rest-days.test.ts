import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { addDays, addWeeks, dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, planActivities, startPlannerCloud, type TestUser } from './support/planner-cloud';

/** Rest days (docs/rules.md#rest-days): one a week, a mark of its own that the streak steps over. */

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud({ dynamodbEndpoint: testDynamoDbEndpoint() } as never);
});
afterAll(async () => {
  await cloud?.stop();
});

const today = () => todayIn('UTC', new Date());
const pastWeek = () => addWeeks(weekStartOf(today()), -2);
const dayPath = (date: string) => `/api/weeks/${weekStartOf(date)}/days/${dayIndexOf(date)}`;

const rest = (user: TestUser, date: string, value = true) =>
  user.call('PUT', `${dayPath(date)}/rest`, { rest: value });
const complete = (user: TestUser, date: string, value = true) =>
  user.call('PUT', `${dayPath(date)}/completion`, { completed: value });
const week = async (user: TestUser, weekStart: string) =>
  (await user.call<WeekView>('GET', `/api/weeks/${weekStart}`)).body;

describe('rest days', () => {
  it('keep the streak: completed, rested, completed counts two and is never broken', async () => {
    const user = await cloud.newUser();
    const [first, second, third] = [-3, -2, -1].map((offset) => addDays(today(), offset));
    expect((await complete(user, first as string)).status).toBe(200);
    const rested = await rest(user, second as string);
    expect(rested.status).toBe(200);
    expect(rested.body.restDays).toEqual([dayIndexOf(second as string)]);
    // Yesterday is still open, so nothing runs up to today yet.
    expect(rested.body.streak).toBe(0);
    expect((await complete(user, third as string)).body.streak).toBe(2);

    const view = await week(user, weekStartOf(second as string));
    expect(view.restDays).toEqual([dayIndexOf(second as string)]);
    expect(view.completedDays).not.toContain(dayIndexOf(second as string));
    expect(view.streak).toBe(2);
  });

  it('allow one a week, refused kindly with a catalogue error, and can be undone', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const monday = pastWeek();
    expect((await rest(user, addDays(monday, 1))).status).toBe(200);
    const second = await rest(user, addDays(monday, 3));
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('rest_day_limit');
    // Asking again for the same day changes nothing.
    expect((await rest(user, addDays(monday, 1))).body.restDays).toEqual([1]);

    const undone = await rest(user, addDays(monday, 1), false);
    expect(undone.status).toBe(200);
    expect(undone.body.restDays).toEqual([]);
    expect((await rest(user, addDays(monday, 3))).body.restDays).toEqual([3]);
    expect((await week(user, monday)).restDays).toEqual([3]);
    // The next week has a rest day of its own.
    expect((await rest(user, addDays(monday, 7))).status).toBe(200);
  });

  it('exclude completion: a completed day gets no rest day, a rest day is not marked complete', async () => {
    const user = await cloud.newUser();
    const monday = pastWeek();
    await complete(user, monday);
    const refused = await rest(user, monday);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('day_already_complete');

    await rest(user, addDays(monday, 2));
    const marking = await complete(user, addDays(monday, 2));
    expect(marking.status).toBe(409);
    expect(marking.body.error.code).toBe('day_is_rest_day');
    // Unmarking a rest day as if complete leaves the rest day as it is.
    expect((await complete(user, addDays(monday, 2), false)).status).toBe(200);
    expect((await week(user, monday)).restDays).toEqual([2]);
  });

  it('stay rest days when their activities are all ticked, and no write unmarks them', async () => {
    const user = await cloud.newUser();
    const monday = pastWeek();
    const {
      added: [activity],
    } = await planActivities(user, monday, 4, 'Morning', ['gratitude-journal']);
    await rest(user, addDays(monday, 4));
    const tick = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${monday}/activities/${activity?.id}`,
      { completed: true },
    );
    expect(tick.status).toBe(200);
    expect(tick.body.dayCompleted).toBe(false);
    expect(tick.body.completedDays).toEqual([]);
    await planActivities(user, monday, 4, 'Evening', ['savour-your-coffee']);
    expect((await week(user, monday)).restDays).toEqual([4]);
  });

  it('hold under two tabs asking at once for two days: exactly one wins', async () => {
    const user = await cloud.newUser();
    const monday = pastWeek();
    const answers = await Promise.all([1, 2, 3, 4].map((day) => rest(user, addDays(monday, day))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect((await week(user, monday)).restDays).toHaveLength(1);
  });

  it('validate the body', async () => {
    const user = await cloud.newUser();
    const answer = await user.call('PUT', `${dayPath(pastWeek())}/rest`, { rest: 'yes' });
    expect(answer.status).toBe(400);
  });
});
