import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  CALENDAR_FEED_WEEKS,
  CALENDAR_REMINDER_MINUTES,
  SLOT_TIMES,
  slotEventTitle,
} from '@bloom/shared/calendar/slot-times';
import { weekPlan } from '@bloom/shared/plan/week-plan';
import { SLOTS } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { addWeeks, dateOfDay, todayIn, weekStartOf } from '@bloom/shared/week/week';
import ical, { ICalAlarmType, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { documentClient, tableName } from '../data/client';
import type { CalendarTokenItem, PlannedItem, ProfileItem } from '../data/items';
import { CALENDAR_TOKEN_SK, calendarTokenPk } from '../data/keys';
import { getProfile, queryWeek } from '../data/reads';
import { DomainError } from '../domain-error';
import { shouldSeed } from '../planner/load-week';
import { planItems } from '../planner/planned-item';
import { DEFAULT_TIME_ZONE } from '../planner/week-state';
import { hashCalendarToken, tokenOfFeedFile } from './token';

/**
 * Her calendar feed (docs/rules.md#calendar-feed), opened by the token in its address: a token that is not
 * hers any more (she made a new link) or never was answers 404. Reads the token's lookup, then her profile and
 * the two weeks at once.
 */
export async function readCalendarFeed(file: string, now: Date): Promise<string> {
  const token = tokenOfFeedFile(file);
  if (token === undefined) throw new DomainError('not_found');
  const hash = hashCalendarToken(token);
  const lookup = (
    await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: { pk: calendarTokenPk(hash), sk: CALENDAR_TOKEN_SK } }),
    )
  ).Item as CalendarTokenItem | undefined;
  if (!lookup) throw new DomainError('not_found');

  // Her week starts in her own time zone; within a day of UTC's, so read the weeks of either and pick after.
  const utcWeek = weekStartOf(todayIn('UTC', now));
  const weekStarts = [addWeeks(utcWeek, -1), utcWeek, addWeeks(utcWeek, 1), addWeeks(utcWeek, 2)];
  const profile = await getProfile(lookup.userId);
  // The lookup outlived a newer link only if a write failed half way, which a transaction never does; the
  // profile has the last word all the same.
  if (profile?.calendarTokenHash !== hash) throw new DomainError('not_found');
  const today = todayIn(profile.timeZone ?? DEFAULT_TIME_ZONE, now);
  const first = weekStartOf(today);
  const wanted = weekStarts.filter((weekStart) => weekStart >= first).slice(0, CALENDAR_FEED_WEEKS);
  const weeks = await Promise.all(
    wanted.map(async (weekStart) => {
      const { week, planned } = await queryWeek(lookup.userId, weekStart);
      // A week not planned yet shows the plan its first read will make from her answers.
      const activities = shouldSeed({ planned, week, today }, weekStart)
        ? planItems(
            lookup.userId,
            weekStart,
            weekPlan(profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS, weekStart, profile.planArrangement),
            now,
          )
        : planned;
      return { weekStart, activities };
    }),
  );
  return calendarOf(profile, weeks, now).toString();
}

/**
 * One event per slot that has activities, at the slot's time in her time zone (TZID with its VTIMEZONE, so a
 * daylight-saving change keeps the local time), as long as its activities take, with a reminder before.
 */
export function calendarOf(
  profile: Pick<ProfileItem, 'timeZone' | 'quizAnswers'>,
  weeks: ReadonlyArray<{ weekStart: string; activities: readonly PlannedItem[] }>,
  now: Date,
): ICalCalendar {
  const zone = profile.timeZone ?? DEFAULT_TIME_ZONE;
  const times = SLOT_TIMES[(profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS).timePreference];
  const calendar = ical({
    name: 'Bloom',
    prodId: { company: 'Bloom', product: 'Bloom rituals', language: 'EN' },
    ttl: 60 * 60,
  });
  // VTIMEZONE for the events' zone only: a calendar-wide zone would write DTSTAMP without its Z.
  calendar.timezone({ name: null, generator: (name) => tzlib_get_ical_block(name)[0] ?? null });
  for (const { weekStart, activities } of weeks) {
    for (const day of [0, 1, 2, 3, 4, 5, 6] as const) {
      const date = dateOfDay(weekStart, day);
      for (const slot of SLOTS) {
        const inSlot = activities.filter((activity) => activity.day === day && activity.slot === slot);
        if (inSlot.length === 0) continue;
        const minutes = inSlot.reduce((sum, activity) => sum + activity.duration, 0);
        const start = DateTime.fromISO(date, { zone }).set({ ...times[slot], second: 0, millisecond: 0 });
        const title = slotEventTitle(slot);
        calendar.createEvent({
          id: `${date}-${slot.toLowerCase()}@bloom`,
          stamp: now,
          start,
          end: start.plus({ minutes }),
          timezone: zone,
          summary: title,
          description: [
            ...inSlot.map((activity) => `${activity.icon} ${activity.name} (${activity.duration} min)`),
            '',
            `${minutes} minutes in all.`,
          ].join('\n'),
          alarms: [
            { type: ICalAlarmType.display, trigger: CALENDAR_REMINDER_MINUTES * 60, description: title },
          ],
        });
      }
    }
  }
  return calendar;
}
