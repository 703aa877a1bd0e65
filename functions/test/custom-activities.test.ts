import type { ActivitiesResponse, CreateCustomActivityResponse } from '@bloom/shared/api/schemas';
import { FIELD_MESSAGES } from '@bloom/shared/errors/catalogue';
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
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bubble bath',
  duration: 20,
  category: 'Sensory',
  icon: '🛁',
  weekStart: week(),
  day: 3,
  slot: 'Evening',
  ...overrides,
});

describe('POST /api/activities (custom activities)', () => {
  it('creates the activity and plans it as one edit', async () => {
    const user = await cloud.newUser();
    const response = await user.call<CreateCustomActivityResponse>(
      'POST',
      '/api/activities',
      valid({ name: '  Bubble bath  ' }),
    );
    expect(response.status).toBe(201);
    expect(response.body.activity).toMatchObject({
      name: 'Bubble bath',
      duration: 20,
      category: 'Sensory',
      icon: '🛁',
      timePeriod: 'Any',
      isCustom: true,
    });
    expect(response.body.planned).toMatchObject({
      activityId: response.body.activity.id,
      day: 3,
      slot: 'Evening',
    });
    expect(response.body.edits).toEqual({ used: 1, limit: 10, remaining: 9 });

    const library = await user.call<ActivitiesResponse>('GET', '/api/activities');
    expect(library.body.activities.filter((a) => a.isCustom)).toEqual([response.body.activity]);
    expect(library.body.activities.filter((a) => !a.isCustom).length).toBeGreaterThanOrEqual(100);
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week()}`);
    expect(stored.body.days[3]?.activities.map((a) => a.name)).toEqual(['Bubble bath']);

    // The custom activity can be planned again elsewhere like any other.
    const again = await user.call('POST', `/api/weeks/${week()}/days/4/activities`, {
      slot: 'Morning',
      activityIds: [response.body.activity.id],
    });
    expect(again.status).toBe(201);
  });

  it('answers each missing field with its catalogue message, and stores nothing', async () => {
    const user = await cloud.newUser();
    const response = await user.call(
      'POST',
      '/api/activities',
      valid({ name: '   ', duration: 0, icon: '' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String),
        fields: {
          name: 'Please enter an activity name',
          duration: 'Please enter a valid duration',
          icon: 'Please select an icon',
        },
      },
    });
    for (const duration of [-5, 2.5, '10', null]) {
      const bad = await user.call<{ error: { fields: Record<string, string> } }>(
        'POST',
        '/api/activities',
        valid({ duration }),
      );
      expect(bad.body.error.fields.duration).toBe('Please enter a valid duration');
    }
    const notEmoji = await user.call<{ error: { fields: Record<string, string> } }>(
      'POST',
      '/api/activities',
      valid({ icon: 'bath' }),
    );
    expect(notEmoji.body.error.fields.icon).toBe('Please select an icon');
    const library = await user.call<ActivitiesResponse>('GET', '/api/activities');
    expect(library.body.activities.filter((a) => a.isCustom)).toEqual([]);
  });

  it('refuses invisible, control-character and ill-formed names and an icon that is not one emoji', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const refusals = [
      [{ name: '\u200b\u200b\u200b' }, { name: FIELD_MESSAGES.name }],
      [{ name: 'Tea\u0000\u0007' }, { name: FIELD_MESSAGES.unreadable }],
      [{ name: 'a\ud800b' }, { name: FIELD_MESSAGES.unreadable }],
      [{ icon: '🌸<b>x</b>' }, { icon: FIELD_MESSAGES.icon }],
      [{ icon: '🌸🌸' }, { icon: FIELD_MESSAGES.icon }],
    ] as const;
    for (const [fields, expected] of refusals) {
      const response = await user.call<{ error: { code: string; fields: Record<string, string> } }>(
        'POST',
        '/api/activities',
        valid(fields),
      );
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation_failed', fields: expected });
    }
    const library = await user.call<ActivitiesResponse>('GET', '/api/activities');
    expect(library.body.activities.filter((a) => a.isCustom)).toEqual([]);
  });

  it('keeps a name in NFC without invisible ends, so one name typed two ways is one name', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const created = await user.call<CreateCustomActivityResponse>(
      'POST',
      '/api/activities',
      valid({ name: '\ufeff\u200bCafe\u0301 break\u200d ' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.activity.name).toBe('Caf\u00e9 break');
    const again = await user.call('POST', '/api/activities', valid({ name: 'CAF\u00c9 BREAK', day: 1 }));
    expect(again.status).toBe(409);
  });

  it('answers 409 for a second activity with the same name, whatever its case', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    expect((await user.call('POST', '/api/activities', valid())).status).toBe(201);
    const duplicate = await user.call('POST', '/api/activities', valid({ name: 'BUBBLE BATH', day: 1 }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      error: { code: 'already_exists', message: 'This item already exists.' },
    });
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week()}`);
    expect(stored.body.days.flatMap((day) => day.activities)).toHaveLength(1);
  });

  it('allows the free plan 3 custom activities a day, with nothing written by the refused fourth', async () => {
    const user = await cloud.newUser();
    for (const name of ['One', 'Two', 'Three']) {
      expect((await user.call('POST', '/api/activities', valid({ name }))).status).toBe(201);
    }
    const fourth = await user.call<{ error: { code: string; message: string } }>(
      'POST',
      '/api/activities',
      valid({ name: 'Four' }),
    );
    expect(fourth.status).toBe(403);
    expect(fourth.body.error.code).toBe('daily_action_limit_reached');
    expect(fourth.body.error.message).toMatch(/^Daily action limit reached/);
    const library = await user.call<ActivitiesResponse>('GET', '/api/activities');
    expect(library.body.activities.filter((a) => a.isCustom).map((a) => a.name)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    const stored = await user.call<WeekView>('GET', `/api/weeks/${week()}`);
    expect(stored.body.edits.used).toBe(3);
    // The name of the refused one stays free to use.
    const pro = await cloud.setTier(user, 'pro');
    expect((await pro.call('POST', '/api/activities', valid({ name: 'Four' }))).status).toBe(201);
  });

  it('has no daily limit on Pro', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      expect((await user.call('POST', '/api/activities', valid({ name }))).status).toBe(201);
    }
  });

  it('counts against the weekly edits: the free plan cannot create one with no edit left', async () => {
    const user = await cloud.newUser();
    const ids = ['gratitude-journal', 'morning-intentions', 'savour-your-coffee', 'nature-sounds'];
    for (let day = 0; day < 3; day++) {
      await user.call('POST', `/api/weeks/${week()}/days/${day}/activities`, {
        slot: 'Morning',
        activityIds: ids.slice(0, 3),
      });
    }
    await user.call('POST', `/api/weeks/${week()}/days/4/activities`, {
      slot: 'Morning',
      activityIds: ['nature-sounds'],
    });
    const response = await user.call<{ error: { code: string } }>('POST', '/api/activities', valid());
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('edit_limit_reached');
    const library = await user.call<ActivitiesResponse>('GET', '/api/activities');
    expect(library.body.activities.filter((a) => a.isCustom)).toEqual([]);
  });
});
