import type { ReminderNotification } from '@bloom/shared/reminders/message';
import { localTimeAt, runOf } from '@bloom/shared/reminders/schedule';
import type { ReminderKind, ReminderSettings } from '@bloom/shared/reminders/settings';
import { dayIndexOf, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, planActivities, startPlannerCloud } from './support/planner-cloud';

/** Reminders in her profile's language (docs/rules.md#reminders, #languages), received from the sender's run. */

let planner: PlannerCloud;
beforeAll(async () => {
  planner = await startPlannerCloud();
});
afterAll(() => planner?.stop());

const cloud = () => planner.cloud;
const runAt = (hoursAhead: number) => runOf(new Date(Date.now() + hoursAhead * 3_600_000)).at;

/** A user in `locale` with one reminder of `kind` due at `at`, one device, and her day's `slot` planned. */
async function dueUser(at: Date, locale: string, kind: ReminderKind, activityIds: string[]) {
  const user = await planner.newUser();
  const timeZone = 'Europe/Berlin';
  expect((await user.call('PUT', '/api/me', { locale, timeZone })).status).toBe(200);
  const date = todayIn(timeZone, at);
  if (activityIds.length > 0)
    await planActivities(user, weekStartOf(date), dayIndexOf(date), 'Evening', activityIds);
  const off = { on: false, time: '08:00' };
  const settings: ReminderSettings = {
    Morning: off,
    Midday: off,
    Evening: off,
    CheckIn: off,
    [kind]: { on: true, time: localTimeAt(at, timeZone) },
    quietOnMarkedDays: true,
    timeZone,
  };
  expect((await user.call('PUT', '/api/me/reminders', settings)).status).toBe(200);
  const device = cloud().push.subscribe();
  expect((await user.call('PUT', '/api/me/push-subscriptions', device)).status).toBe(200);
  await cloud().background.runSchedule('reminders/send', at);
  return cloud()
    .push.received(device.endpoint)
    .map((push) => JSON.parse(push.payload) as ReminderNotification);
}

describe('a reminder', () => {
  it("is German for a German profile, the catalogue's activities named in German", async () => {
    const received = await dueUser(runAt(2), 'de', 'Evening', [
      'candle-and-breathe',
      'herbal-tea',
      'stargaze',
      'bubble-bath',
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: 'Deine Abendrituale sind bereit',
      body: 'Deine Abendrituale sind bereit: Zünde eine Kerze an und atme, 5 Min. · Kräutertee-Ritual in Ruhe, 10 Min. · Zehn Minuten Sterne schauen, 10 Min. und 1 weitere',
    });
  });

  it('is French for a French profile: the evening check-in', async () => {
    const received = await dueUser(runAt(4), 'fr', 'CheckIn', []);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: "Comment s'est passée ta journée\u202f?",
      body: "Rien n'est encore coché aujourd'hui. Même un petit rituel compte, et se reposer compte aussi.",
    });
  });
});
