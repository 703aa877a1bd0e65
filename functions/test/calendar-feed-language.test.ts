import type { CalendarLinkResponse } from '@bloom/shared/api/schemas';
import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import { loadActivityNames } from '@bloom/shared/i18n/activity-names';
import { CALENDAR_MESSAGES } from '@bloom/shared/i18n/catalogues/calendar';
import type { WeekView } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarText } from '../src/calendar/ics';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

/** Her calendar feed in her profile's language (docs/rules.md#calendar-feed, #languages). */

function events(text: string) {
  ICAL.TimezoneService.reset();
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { summary: event.summary, description: event.description, local: event.startDate.toString() };
  });
}

describe('calendarText in French', () => {
  it('titles each slot and sums its minutes in French', async () => {
    const text = calendarText(
      { timeZone: 'Europe/Paris', answers: DEFAULT_QUIZ_ANSWERS },
      [
        {
          weekStart: '2026-11-23',
          activities: [
            { day: 0, slot: 'Evening', name: 'Bain moussant', icon: '🛁', duration: 30 },
            { day: 1, slot: 'Morning', name: 'Bois un grand verre d’eau', icon: '💧', duration: 1 },
          ],
        },
      ],
      new Date('2026-11-23T08:00:00Z'),
      await CALENDAR_MESSAGES.load('fr'),
    );
    expect(events(text)).toEqual([
      {
        summary: 'Bloom\u00a0: rituels du soir',
        description: '🛁 Bain moussant (30 min)\n\n30 minutes en tout.',
        local: '2026-11-23T19:00:00',
      },
      {
        summary: 'Bloom\u00a0: rituels du matin',
        description: '💧 Bois un grand verre d’eau (1 min)\n\n1 minute en tout.',
        local: '2026-11-24T07:00:00',
      },
    ]);
  });
});

describe('her feed', () => {
  let cloud: PlannerCloud;
  beforeAll(async () => {
    cloud = await startPlannerCloud();
  });
  afterAll(() => cloud?.stop());

  it("is in French for a French profile, the catalogue's activities named in French", async () => {
    const user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'Europe/Paris', locale: 'fr' });
    const week = (
      await user.call<WeekView>('GET', `/api/weeks/${weekStartOf(todayIn('Europe/Paris', new Date()))}`)
    ).body;
    const link = await user.call<CalendarLinkResponse>('POST', '/api/me/calendar');
    const feed = events(await (await fetch(`${cloud.cloud.url}${link.body.path}`)).text());

    expect(feed.length).toBeGreaterThan(0);
    for (const event of feed) {
      expect(event.summary).toMatch(/^Bloom\u00a0: rituels (du matin|de midi|du soir)$/);
      expect(event.description).toMatch(/\n\n\d+ minutes? en tout\.$/);
    }
    // This week's first activity, by its French name; no English name of the catalogue is left.
    const [first] = week.days.flatMap((day) => day.activities);
    const frenchName = (await loadActivityNames('fr')).of(first?.activityId ?? '', '');
    expect(frenchName).not.toBe('');
    expect(feed.some((event) => event.description.includes(`${first?.icon} ${frenchName} (`))).toBe(true);
    const englishNames = ACTIVITY_CATALOGUE.map((activity) => activity.name);
    for (const event of feed)
      for (const name of englishNames) expect(event.description).not.toContain(` ${name} (`);
  });
});
