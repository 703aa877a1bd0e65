import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { testDynamoDbEndpoint } from '@bloom/scripts/local-cloud/testing/provided';
import type { CalendarLinkResponse, Profile } from '@bloom/shared/api/schemas';
import type { WeekView } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { canonicalTimeZone } from '@bloom/shared/week/time-zone';
import { todayIn, weekStartOf } from '@bloom/shared/week/week';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarText, type FeedActivity } from '../src/calendar/ics';
import { feedTimeZone } from '../src/calendar/vtimezone';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

/**
 * The calendar feed (docs/rules.md#calendar-feed), read back with a real iCalendar parser (ical.js, Thunderbird's),
 * which reads each time by the feed's own VTIMEZONE of its TZID, and as floating without one.
 */

function parse(text: string) {
  // Only the feed's own VTIMEZONEs count, never zones another test's feed registered.
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(text));
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

/** The TZIDs the feed's times name, and the TZIDs its VTIMEZONEs define. */
function tzidsOf(text: string) {
  return {
    used: new Set(
      [...text.matchAll(/^(?:DTSTART|DTEND)[^:\r\n]*;TZID=([^:;\r\n]+)/gm)].map((match) => match[1]),
    ),
    defined: new Set([...text.matchAll(/^TZID:([^\r\n]+)/gm)].map((match) => match[1])),
  };
}

/** Every line of an iCalendar file ends with CRLF, the last one too (RFC 5545, section 3.1). */
function expectCrlfLines(text: string) {
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
}

const EVENING_PERSON: QuizAnswers = { ...DEFAULT_QUIZ_ANSWERS, timePreference: 'Evening person' };

describe('calendarText', () => {
  it('keeps local times across a daylight-saving change (Europe/Berlin, last Sunday of October)', () => {
    // 2026-10-25 is the last Sunday of October: Berlin goes from UTC+2 to UTC+1 at 03:00.
    const text = calendarText(
      { timeZone: 'Europe/Berlin', answers: DEFAULT_QUIZ_ANSWERS },
      [
        {
          weekStart: '2026-10-19',
          activities: [item(5, 'Morning', 'Box breathing', 5), item(5, 'Morning', 'Tea', 10)],
        },
        { weekStart: '2026-10-26', activities: [item(0, 'Morning', 'Box breathing', 5)] },
      ],
      new Date('2026-10-20T10:00:00Z'),
    );
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
    const text = calendarText(
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
    );
    const events = parse(text);
    expect(events.map((event) => [event.summary, event.local, event.utc])).toEqual([
      ['Bloom: Evening rituals', '2026-03-28T20:30:00', '2026-03-28T19:30:00.000Z'],
      ['Bloom: Midday rituals', '2026-03-29T13:00:00', '2026-03-29T11:00:00.000Z'],
    ]);
  });

  // Old names browsers still report, and zones the tz data writes under the zone they link to: Midday (13:00
  // for an evening person) on Wednesday 18 November 2026 lands at its instant, each TZID with its VTIMEZONE.
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata', '2026-11-18T07:30:00.000Z'],
    ['Europe/Kiev', 'Europe/Kyiv', '2026-11-18T11:00:00.000Z'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh', '2026-11-18T06:00:00.000Z'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires', '2026-11-18T16:00:00.000Z'],
    ['Asia/Katmandu', 'Asia/Kathmandu', '2026-11-18T07:15:00.000Z'],
    ['Europe/Amsterdam', 'Europe/Brussels', '2026-11-18T12:00:00.000Z'],
    ['UTC', 'Etc/UTC', '2026-11-18T13:00:00.000Z'],
  ])('writes %s as %s, with its VTIMEZONE: Midday 13:00 is %s', (zone, tzid, utc) => {
    const text = calendarText(
      { timeZone: zone, answers: EVENING_PERSON },
      [{ weekStart: '2026-11-16', activities: [item(2, 'Midday', 'Walk', 20)] }],
      new Date('2026-11-16T10:00:00Z'),
    );
    expect(parse(text)).toEqual([
      expect.objectContaining({ tzid, local: '2026-11-18T13:00:00', utc, minutes: 20 }),
    ]);
    expect(tzidsOf(text)).toEqual({ used: new Set([tzid]), defined: new Set([tzid]) });
    expectCrlfLines(text);
  });

  it('has a VTIMEZONE for every zone the runtime knows, by any of its names, under the TZID its events carry', async () => {
    const missing: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const name of new Set([zone, await canonicalTimeZone(zone)])) {
        const { tzid, vtimezone } = feedTimeZone(name);
        if (!vtimezone.includes(`\r\nTZID:${tzid}\r\n`)) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
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

  /** Her feed, read as a calendar app reads it: every event at its local time minus the zone's offset. */
  async function expectFeedIn(her: TestUser, tzid: string, offsetMinutes: number) {
    const link = await her.call<CalendarLinkResponse>('POST', '/api/me/calendar');
    const text = await (await feed(link.body.path)).text();
    const events = parse(text);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.tzid).toBe(tzid);
      expect(event.utc).toBe(new Date(Date.parse(`${event.local}Z`) - offsetMinutes * 60_000).toISOString());
    }
    expect(tzidsOf(text)).toEqual({ used: new Set([tzid]), defined: new Set([tzid]) });
    expectCrlfLines(text);
  }

  it("saves the zone Chromium reports for India by its current name, and her feed's events land at their instants", async () => {
    const her = await cloud.newUser();
    const saved = await her.call<Profile>('PUT', '/api/me', { timeZone: 'Asia/Calcutta' });
    expect(saved.body.timeZone).toBe('Asia/Kolkata');
    expect((await her.call<Profile>('GET', '/api/me')).body.timeZone).toBe('Asia/Kolkata');
    await expectFeedIn(her, 'Asia/Kolkata', 5 * 60 + 30);
  });

  it('serves a right feed to a profile that already holds an old zone name, with no migration', async () => {
    const her = await cloud.newUser();
    await her.call('PUT', '/api/me', { timeZone: 'Europe/Berlin' });
    // As saved before names were made canonical.
    await DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: testDynamoDbEndpoint(),
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
      }),
    ).send(
      new UpdateCommand({
        TableName: cloud.cloud.tableName,
        Key: { pk: `USER#${her.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET #zone = :zone',
        ExpressionAttributeNames: { '#zone': 'timeZone' },
        ExpressionAttributeValues: { ':zone': 'Asia/Katmandu' },
      }),
    );
    await expectFeedIn(her, 'Asia/Kathmandu', 5 * 60 + 45);
  });

  it('needs a sign-in to make a link', async () => {
    const response = await fetch(`${cloud.cloud.url}/api/me/calendar`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
