import type { AddActivitiesResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

/** A past week is never auto-planned, so each test starts from an empty week. */
const emptyWeek = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -3);
const CATALOGUE_IDS = ['gratitude-journal', 'morning-intentions', 'savour-your-coffee', 'nature-sounds'];
const LIMIT_MESSAGE =
  "You've used all 10 of your weekly edits. Upgrade to Pro for unlimited edits and more features.";

describe('POST /api/weeks/{weekStart}/days/{day}/activities', () => {
  it('adds each activity as one edit and returns what is left', async () => {
    const user = await cloud.newUser();
    const response = await user.call<AddActivitiesResponse>(
      'POST',
      `/api/weeks/${emptyWeek()}/days/2/activities`,
      {
        slot: 'Midday',
        activityIds: CATALOGUE_IDS.slice(0, 2),
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.added.map((a) => [a.activityId, a.day, a.slot, a.completed])).toEqual([
      ['gratitude-journal', 2, 'Midday', false],
      ['morning-intentions', 2, 'Midday', false],
    ]);
    expect(response.body.added[0]).toMatchObject({
      name: 'Gratitude journal',
      category: 'Mental',
      completedAt: null,
    });
    expect(response.body.edits).toEqual({ used: 2, limit: 10, remaining: 8 });
    const week = await user.call<WeekView>('GET', `/api/weeks/${emptyWeek()}`);
    expect(week.body.days[2]?.activities.map((a) => a.activityId)).toEqual(CATALOGUE_IDS.slice(0, 2));
    expect(week.body.edits.used).toBe(2);
  });

  it('adds what fits once the limit is near, refuses the rest, then answers 403 with the catalogue message', async () => {
    const user = await cloud.newUser();
    const week = emptyWeek();
    for (let day = 0; day < 4; day++) {
      const added = await user.call<AddActivitiesResponse>(
        'POST',
        `/api/weeks/${week}/days/${day}/activities`,
        {
          slot: 'Morning',
          activityIds: day < 3 ? CATALOGUE_IDS.slice(0, 3) : CATALOGUE_IDS,
        },
      );
      expect(added.status).toBe(201);
      if (day === 3) {
        expect(added.body.added.map((a) => a.activityId)).toEqual(['gratitude-journal']);
        expect(added.body.refused).toEqual(CATALOGUE_IDS.slice(1));
        expect(added.body.edits).toEqual({ used: 10, limit: 10, remaining: 0 });
      }
    }
    const eleventh = await user.call('POST', `/api/weeks/${week}/days/5/activities`, {
      slot: 'Evening',
      activityIds: ['nature-sounds'],
    });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual({ error: { code: 'edit_limit_reached', message: LIMIT_MESSAGE } });
    // Another week has its own ten edits.
    const nextWeek = await user.call('POST', `/api/weeks/${addWeeks(week, -1)}/days/0/activities`, {
      slot: 'Evening',
      activityIds: ['nature-sounds'],
    });
    expect(nextWeek.status).toBe(201);
  });

  it('lets 30 concurrent adds by a free user into one week add exactly 10, and counts exactly those', async () => {
    const user = await cloud.newUser();
    const week = emptyWeek();
    const attempts = Array.from({ length: 30 }, (_, index) =>
      user.callAsTheWeb<AddActivitiesResponse>('POST', `/api/weeks/${week}/days/${index % 7}/activities`, {
        slot: (['Morning', 'Midday', 'Evening'] as const)[index % 3],
        activityIds: [CATALOGUE_IDS[index % 4]],
      }),
    );
    const responses = await Promise.all(attempts);
    const statuses = responses.map((response) => response.status);
    // Day, slot and activity cycle with periods 7, 3 and 4, so no two of the 30 requests are the same add.
    expect(statuses.sort()).toEqual([...Array(10).fill(201), ...Array(20).fill(403)]);
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(stored.body.days.flatMap((day) => day.activities)).toHaveLength(10);
    expect(stored.body.edits).toEqual({ used: 10, limit: 10, remaining: 0 });
  });

  it('gives Pro unlimited edits', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const week = emptyWeek();
    for (let day = 0; day < 4; day++) {
      const added = await user.call<AddActivitiesResponse>(
        'POST',
        `/api/weeks/${week}/days/${day}/activities`,
        {
          slot: 'Evening',
          activityIds: CATALOGUE_IDS,
        },
      );
      expect(added.status).toBe(201);
      expect(added.body.refused).toEqual([]);
    }
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(stored.body.edits).toEqual({ used: 16, limit: null, remaining: null });
  });

  it('answers 409 "This item already exists." for an activity already in the slot', async () => {
    const user = await cloud.newUser();
    const path = `/api/weeks/${emptyWeek()}/days/1/activities`;
    await user.call('POST', path, { slot: 'Morning', activityIds: ['gratitude-journal'] });
    const again = await user.call('POST', path, { slot: 'Morning', activityIds: ['gratitude-journal'] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'already_exists', message: 'This item already exists.' } });
    const stored = await user.call<WeekView>('GET', `/api/weeks/${emptyWeek()}`);
    expect(stored.body.edits.used).toBe(1);
  });

  it('answers 404 for an activity that does not exist, adding nothing', async () => {
    const user = await cloud.newUser();
    const response = await user.call('POST', `/api/weeks/${emptyWeek()}/days/1/activities`, {
      slot: 'Morning',
      activityIds: ['gratitude-journal', 'no-such-activity'],
    });
    expect(response.status).toBe(404);
    const stored = await user.call<WeekView>('GET', `/api/weeks/${emptyWeek()}`);
    expect(stored.body.days.flatMap((day) => day.activities)).toEqual([]);
    expect(stored.body.edits.used).toBe(0);
  });

  it.each([
    ['day 7', '7', { slot: 'Morning', activityIds: ['gratitude-journal'] }, 'day'],
    ['day -1', '-1', { slot: 'Morning', activityIds: ['gratitude-journal'] }, 'day'],
    ['an unknown slot', '1', { slot: 'Night', activityIds: ['gratitude-journal'] }, 'slot'],
    ['no activities', '1', { slot: 'Morning', activityIds: [] }, 'activityIds'],
    ['a number for ids', '1', { slot: 'Morning', activityIds: 5 }, 'activityIds'],
    ['an unknown field', '1', { slot: 'Morning', activityIds: ['gratitude-journal'], extra: true }, 'extra'],
  ])('refuses %s with a 400 naming the field', async (_, day, body, field) => {
    const user = await cloud.newUser();
    const response = await user.call<{ error: { code: string; fields: Record<string, string> } }>(
      'POST',
      `/api/weeks/${emptyWeek()}/days/${day}/activities`,
      body,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(Object.keys(response.body.error.fields)).toContain(field);
  });
});
