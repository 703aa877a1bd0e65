import type { AddActivitiesResponse, CreateCustomActivityResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

const week = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -1);

describe("another user's data", () => {
  it('is a 404 for every route that takes an id, and stays untouched', async () => {
    const owner = await cloud.newUser();
    const intruder = await cloud.newUser();
    const added = await owner.call<AddActivitiesResponse>('POST', `/api/weeks/${week()}/days/0/activities`, {
      slot: 'Morning',
      activityIds: ['gratitude-journal'],
    });
    const id = added.body.added[0]?.id;
    const custom = await owner.call<CreateCustomActivityResponse>('POST', '/api/activities', {
      name: 'Secret ritual',
      duration: 5,
      category: 'Mental',
      icon: '🌙',
      weekStart: week(),
      day: 1,
      slot: 'Evening',
    });

    const attempts = [
      intruder.call('PATCH', `/api/weeks/${week()}/activities/${id}`, { completed: true }),
      intruder.call('PATCH', `/api/weeks/${week()}/activities/${id}`, { day: 2, slot: 'Evening' }),
      intruder.call('DELETE', `/api/weeks/${week()}/activities/${id}`),
      intruder.call('POST', `/api/weeks/${week()}/days/3/activities`, {
        slot: 'Morning',
        activityIds: [custom.body.activity.id],
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }

    const ownerWeek = await owner.call<WeekView>('GET', `/api/weeks/${week()}`);
    expect(ownerWeek.body.days[0]?.activities).toMatchObject([
      { id, completed: false, day: 0, slot: 'Morning' },
    ]);
    const intruderWeek = await intruder.call<WeekView>('GET', `/api/weeks/${week()}`);
    expect(intruderWeek.body.days.flatMap((day) => day.activities)).toEqual([]);
    const intruderLibrary = await intruder.call('GET', '/api/activities');
    expect(intruderLibrary.body.activities.some((a: { name: string }) => a.name === 'Secret ritual')).toBe(
      false,
    );
  });

  it('is a 404 for a planned id under another week of your own', async () => {
    const user = await cloud.newUser();
    const added = await user.call<AddActivitiesResponse>('POST', `/api/weeks/${week()}/days/0/activities`, {
      slot: 'Morning',
      activityIds: ['gratitude-journal'],
    });
    const response = await user.call(
      'DELETE',
      `/api/weeks/${addWeeks(week(), -1)}/activities/${added.body.added[0]?.id}`,
    );
    expect(response.status).toBe(404);
  });
});
