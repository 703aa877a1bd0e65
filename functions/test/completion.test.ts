import type {
  CompleteSlotResponse,
  DayCompletionResponse,
  UpdatePlannedActivityResponse,
} from '@bloom/shared/api/schemas';
import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import { addWeeks, dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, planActivities, startPlannerCloud, type TestUser } from './support/planner-cloud';

let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud();
});
afterAll(() => cloud?.stop());

const today = () => todayIn('UTC', new Date());
const pastWeek = () => addWeeks(weekStartOf(today()), -2);

const plan = async (user: TestUser, week: string, day: number, slot: Slot, activityIds: string[]) =>
  (await planActivities(user, week, day, slot, activityIds)).added;

describe('ticking activities', () => {
  it('marks the day complete when its last activity is ticked, and says so once', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const [a, b] = await plan(user, week, 3, 'Morning', ['gratitude-journal', 'savour-your-coffee']);
    await plan(user, week, 4, 'Morning', ['gratitude-journal']);

    const first = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${a?.id}`,
      {
        completed: true,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.activity).toMatchObject({
      id: a?.id,
      completed: true,
      completedAt: expect.any(String),
    });
    expect(first.body.dayCompleted).toBe(false);
    expect(first.body.completedDays).toEqual([]);

    const last = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${b?.id}`,
      {
        completed: true,
      },
    );
    expect(last.body.dayCompleted).toBe(true);
    expect(last.body.completedDays).toEqual([3]);

    // Unticking leaves the day marked (a tick only ever marks: docs/rules.md#day-completion); ticking again
    // does not re-announce it.
    const untick = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${b?.id}`,
      {
        completed: false,
      },
    );
    expect(untick.body.activity).toMatchObject({ completed: false, completedAt: null });
    const retick = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${b?.id}`,
      {
        completed: true,
      },
    );
    expect(retick.body.dayCompleted).toBe(false);

    const stored = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(stored.body.completedDays).toEqual([3]);
    expect(stored.body.days[3]?.activities.every((activity) => activity.completed)).toBe(true);
    expect(stored.body.days[4]?.activities.every((activity) => !activity.completed)).toBe(true);
  });

  it('marks the day exactly once when its last two activities are ticked at the same time', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const added = await plan(user, week, 1, 'Evening', [
      'gratitude-journal',
      'savour-your-coffee',
      'nature-sounds',
    ]);
    const responses = await Promise.all(
      added.map((activity) =>
        user.call<UpdatePlannedActivityResponse>('PATCH', `/api/weeks/${week}/activities/${activity.id}`, {
          completed: true,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(responses.filter((response) => response.body.dayCompleted)).toHaveLength(1);
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(stored.body.completedDays).toEqual([1]);
  });

  it('Complete All ticks every open activity of a slot and completes the day when that was all', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const [first] = await plan(user, week, 6, 'Midday', ['gratitude-journal', 'nature-sounds']);
    await user.call('PATCH', `/api/weeks/${week}/activities/${first?.id}`, { completed: true });
    const response = await user.call<CompleteSlotResponse>(
      'POST',
      `/api/weeks/${week}/days/6/slots/Midday/complete`,
    );
    expect(response.status).toBe(200);
    expect(response.body.activities.map((activity) => activity.completed)).toEqual([true, true]);
    expect(response.body.dayCompleted).toBe(true);
    expect(response.body.completedDays).toEqual([6]);
  });

  it('Complete All leaves the day open while another slot has open activities', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    await plan(user, week, 0, 'Morning', ['gratitude-journal']);
    await plan(user, week, 0, 'Evening', ['nature-sounds']);
    const response = await user.call<CompleteSlotResponse>(
      'POST',
      `/api/weeks/${week}/days/0/slots/Morning/complete`,
    );
    expect(response.body.dayCompleted).toBe(false);
    expect(response.body.completedDays).toEqual([]);
  });

  it('refuses an unknown slot in the path', async () => {
    const user = await cloud.newUser();
    const response = await user.call('POST', `/api/weeks/${pastWeek()}/days/0/slots/Night/complete`);
    expect(response.status).toBe(400);
  });

  it('moves an activity to another day and slot without counting an edit', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const [activity] = await plan(user, week, 0, 'Morning', ['gratitude-journal']);
    const moved = await user.call<UpdatePlannedActivityResponse>(
      'PATCH',
      `/api/weeks/${week}/activities/${activity?.id}`,
      {
        day: 5,
        slot: 'Evening',
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.activity).toMatchObject({ id: activity?.id, day: 5, slot: 'Evening' });
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week}`);
    expect(stored.body.days[0]?.activities).toEqual([]);
    expect(stored.body.days[5]?.activities.map((a) => a.id)).toEqual([activity?.id]);
    expect(stored.body.edits.used).toBe(1);
  });

  it('refuses a PATCH that mixes a tick and a move, or has neither', async () => {
    const user = await cloud.newUser();
    const week = pastWeek();
    const [activity] = await plan(user, week, 0, 'Morning', ['gratitude-journal']);
    // Each refusal names the field at fault, in the catalogue's words where it has some.
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ completed: true, day: 1, slot: 'Morning' }, { day: 'Unknown field "day"' }],
      [{}, { day: FIELD_MESSAGES.day, slot: FIELD_MESSAGES.slot }],
      [{ completed: 'yes' }, { completed: 'Invalid input' }],
      [{ day: 9, slot: 'Morning' }, { day: FIELD_MESSAGES.day }],
      [[], { body: 'Please send an object' }],
    ];
    for (const [body, fields] of cases) {
      const response = await user.call('PATCH', `/api/weeks/${week}/activities/${activity?.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
  });
});

describe('day completion and streaks', () => {
  async function markDay(user: TestUser, date: string, completed = true) {
    const response = await user.call<DayCompletionResponse>(
      'PUT',
      `/api/weeks/${weekStartOf(date)}/days/${dayIndexOf(date)}/completion`,
      { completed },
    );
    expect(response.status).toBe(200);
    return response.body;
  }

  const daysAgo = (n: number) => {
    const date = new Date(`${today()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - n);
    return date.toISOString().slice(0, 10);
  };

  it('counts consecutive completed days back from today; a missing today does not break it', async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'UTC' });
    expect((await markDay(user, daysAgo(2))).streak).toBe(0);
    expect((await markDay(user, daysAgo(1))).streak).toBe(2);
    expect((await markDay(user, daysAgo(0))).streak).toBe(3);
    expect((await markDay(user, daysAgo(4))).streak).toBe(3);
    const unmarked = await markDay(user, daysAgo(1), false);
    expect(unmarked.streak).toBe(1);
    const week = await user.call<WeekView>('GET', `/api/weeks/${weekStartOf(today())}`);
    expect(week.body.streak).toBe(1);
    expect(week.body.completedDays).toContain(dayIndexOf(today()) as DayIndex);
  });

  it('keeps marking idempotent', async () => {
    const user = await cloud.newUser();
    // Read once: a run that crosses midnight UTC must not compare one day's mark with the next day's index.
    const day = daysAgo(0);
    await markDay(user, day);
    const again = await markDay(user, day);
    expect(again.streak).toBe(1);
    expect(again.completedDays).toEqual([dayIndexOf(day)]);
  });
});
