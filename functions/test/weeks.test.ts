import { defaultPlanSeed, generatePlan } from '@bloom/shared/plan/generate-plan';
import type { WeekView } from '@bloom/shared/planner/types';
import { addDays, addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_EVENING } from './support/answers';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

const thisWeek = () => weekStartOf(todayIn('UTC', new Date()));

describe('GET /api/weeks/{weekStart}', () => {
  it('generates the default plan of the current week once, from the quiz answers, without counting an edit', async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'UTC', quizAnswers: SOCIAL_EVENING });
    const first = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    expect(first.status).toBe(200);
    const activities = first.body.days.flatMap((day) => day.activities);
    expect(activities.length).toBeGreaterThan(0);
    for (const day of first.body.days) {
      // The 5-10 minute answer bounds every day.
      expect(day.activities.reduce((sum, a) => sum + a.duration, 0)).toBeLessThanOrEqual(10);
      for (const slot of ['Morning', 'Midday', 'Evening']) {
        expect(day.activities.filter((a) => a.slot === slot).length).toBeLessThanOrEqual(2);
      }
    }
    expect(first.body.edits).toEqual({ used: 0, limit: 10, remaining: 10 });
    // The week the visitor previewed before signing in: same generator, same seed.
    const expected = generatePlan({ answers: SOCIAL_EVENING, seed: defaultPlanSeed(thisWeek()) });
    expect(activities.map(({ day, slot, activityId }) => ({ day, slot, activityId }))).toEqual(
      expected.map(({ day, slot, activityId }) => ({ day, slot, activityId })),
    );
    expect(first.body.days.map((day) => day.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(thisWeek(), offset)),
    );

    const again = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    expect(again.body.days.flatMap((day) => day.activities.map((a) => a.id))).toEqual(
      activities.map((a) => a.id),
    );
  });

  it('keeps a removed-down-to-empty week empty instead of planning it again', async () => {
    const user = await cloud.newUser();
    const week = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    for (const activity of week.body.days.flatMap((day) => day.activities)) {
      expect((await user.call('DELETE', `/api/weeks/${thisWeek()}/activities/${activity.id}`)).status).toBe(
        200,
      );
    }
    const after = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    expect(after.body.days.flatMap((day) => day.activities)).toEqual([]);
  });

  it('plans a future week but leaves a past week empty', async () => {
    const user = await cloud.newUser();
    const next = await user.call<WeekView>('GET', `/api/weeks/${addWeeks(thisWeek(), 1)}`);
    expect(next.body.days.flatMap((day) => day.activities).length).toBeGreaterThan(0);
    const past = await user.call<WeekView>('GET', `/api/weeks/${addWeeks(thisWeek(), -1)}`);
    expect(past.body.days.flatMap((day) => day.activities)).toEqual([]);
    expect(past.body.streak).toBe(0);
  });

  it('plans with the default answers when the user never took the quiz', async () => {
    const user = await cloud.newUser();
    const week = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    for (const day of week.body.days) {
      expect(day.activities.reduce((sum, a) => sum + a.duration, 0)).toBeLessThanOrEqual(20);
    }
  });

  it.each([
    ['2026-11-17', 'a Tuesday'],
    ['2026-02-30', 'an impossible date'],
    ['16-11-2026', 'another format'],
    ['latest', 'a word'],
  ])('refuses %s (%s) as a week start with a field message', async (weekStart) => {
    const user = await cloud.newUser();
    const response = await user.call('GET', `/api/weeks/${weekStart}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String),
        fields: { weekStart: 'Please give the Monday that starts the week, as YYYY-MM-DD' },
      },
    });
  });

  it('reports today in the user time zone', async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'Pacific/Kiritimati' });
    const week = await user.call<WeekView>('GET', `/api/weeks/${thisWeek()}`);
    expect(week.body.today).toBe(todayIn('Pacific/Kiritimati', new Date()));
  });
});
