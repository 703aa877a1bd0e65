import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { CalendarLinkResponse } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf, type FeedActivity } from '../src/calendar/ics';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

/** The calendar feed (docs/rules.md#calendar-feed), read back with a real iCalendar parser (ical.js). */

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const alarm = component.getFirstSubcomponent('valarm');
    return {
      summary: event.summary,
      description: event.description,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      local: event.startDate.toString(),
      utc: event.startDate.toJSDate().toISOString(),
      minutes: event.duration.toSeconds() / 60,
      trigger: alarm?.getFirstPropertyValue('trigger')?.toString(),
      action: alarm?.getFirstPropertyValue('action'),
    };
  });
}

function item(
  day: FeedActivity['day'],
  slot: FeedActivity['slot'],
  name: string,
  duration: number,
): FeedActivity {
  return { day, slot, name, icon: '🌸', duration };
}

describe('calendarOf', () => {
  it('keeps local times across a daylight-saving change (Europe/Berlin, last Sunday of October)', () => {
    // 2026-10-25 is the last Sunday of October: Berlin goes from UTC+2 to UTC+1 at 03:00.
    const text = calendarOf(
      { timeZone: 'Europe/Berlin', answers: DEFAULT_QUIZ_ANSWERS },
      [
        {
          weekStart: '2026-10-19',
          activities: [item(5, 'Morning', 'Box breathing', 5), item(5, 'Morning', 'Tea', 10)],
        },
        { weekStart: '2026-10-26', activities: [item(0, 'Morning', 'Box breathing', 5)] },
      ],
      new Date('2026-10-20T10:00:00Z'),
    ).toString();
    expect(text).toContain('BEGIN:VTIMEZONE');
    const [saturday, monday] = parse(text);
    // The default answers are a morning person: Morning at 07:00 in her zone, both sides of the change.
    expect(saturday).toMatchObject({
      summary: 'Bloom: Morning rituals',
      tzid: 'Europe/Berlin',
      local: '2026-10-24T07:00:00',
      utc: '2026-10-24T05:00:00.000Z',
      minutes: 15,
      trigger: '-PT10M',
      action: 'DISPLAY',
    });
    expect(saturday?.description).toContain('Box breathing (5 min)');
    expect(saturday?.description).toContain('Tea (10 min)');
    expect(monday).toMatchObject({ local: '2026-10-26T07:00:00', utc: '2026-10-26T06:00:00.000Z' });
  });

  it('keeps local times across the March change too, and follows her time preference', () => {
    // 2026-03-29 is the last Sunday of March: UTC+1 before, UTC+2 after.
    const text = calendarOf(
      {
        timeZone: 'Europe/Berlin',
        answers: {
          timeCommitment: '15-20 minutes',
          energyLevel: 'Medium - ready for some effort',
          focusAreas: ['Mental wellbeing'],
          vibe: 'Calm & peaceful',
          timePreference: 'Evening person',
        },
      },
      [
        {
          weekStart: '2026-03-23',
          activities: [item(5, 'Evening', 'Candle', 5), item(6, 'Midday', 'Walk', 20)],
        },
      ],
      new Date('2026-03-23T10:00:00Z'),
    ).toString();
    const events = parse(text);
    expect(events.map((event) => [event.summary, event.local, event.utc])).toEqual([
      ['Bloom: Evening rituals', '2026-03-28T20:30:00', '2026-03-28T19:30:00.000Z'],
      ['Bloom: Midday rituals', '2026-03-29T13:00:00', '2026-03-29T11:00:00.000Z'],
    ]);
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  let cloud: PlannerCloud;
  let user: TestUser;
  beforeAll(async () => {
    cloud = await startPlannerCloud({ dynamodbEndpoint: testDynamoDbEndpoint() } as never);
    user = await cloud.newUser();
    await user.call('PUT', '/api/me', { timeZone: 'Europe/Berlin' });
  });
  afterAll(async () => {
    await cloud?.stop();
  });

  const feed = (path: string) => fetch(`${cloud.cloud.url}${path}`);

  it('serves this week and the next, with no sign-in, as a calendar with a reminder per slot', async () => {
    const link = await user.call<CalendarLinkResponse>('POST', '/api/me/calendar');
    expect(link.status).toBe(201);
    expect(link.body.path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const response = await feed(link.body.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const events = parse(await response.text());

    // The current week as planned (its first read plans it), the next as its first read will plan it.
    const thisWeek = (
      await user.call<WeekView>('GET', `/api/weeks/${weekStartOf(todayIn('Europe/Berlin', new Date()))}`)
    ).body;
    const slotsThisWeek = new Set(
      thisWeek.days.flatMap((day) => day.activities.map((activity) => `${day.date}-${activity.slot}`)),
    );
    const thisWeeksEvents = events.filter((event) =>
      slotsThisWeek.has(`${event.local.slice(0, 10)}-${event.summary?.split(' ')[1]}`),
    );
    expect(thisWeeksEvents).toHaveLength(slotsThisWeek.size);
    expect(events.length).toBeGreaterThan(slotsThisWeek.size);
    for (const event of events) {
      expect(event.summary).toMatch(/^Bloom: (Morning|Midday|Evening) rituals$/);
      expect(event.tzid).toBe('Europe/Berlin');
      expect(event.trigger).toBe('-PT10M');
      expect(event.description).toMatch(/\(\d+ min\)/);
    }
  });

  it('revokes the old address when she makes a new one, and knows no made-up token', async () => {
    const first = (await user.call<CalendarLinkResponse>('POST', '/api/me/calendar')).body.path;
    expect((await feed(first)).status).toBe(200);
    const second = (await user.call<CalendarLinkResponse>('POST', '/api/me/calendar')).body.path;
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
    expect((await feed(`/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await feed('/api/calendar/not-a-token')).status).toBe(404);
  });

  it('needs a sign-in to make a link', async () => {
    const response = await fetch(`${cloud.cloud.url}/api/me/calendar`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
