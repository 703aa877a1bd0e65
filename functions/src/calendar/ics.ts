import { CALENDAR_REMINDER_MINUTES, SLOT_TIMES } from '@bloom/shared/calendar/slot-times';
import { CALENDAR_MESSAGES, type CalendarMessageId } from '@bloom/shared/i18n/catalogues/calendar';
import type { Messages } from '@bloom/shared/i18n/messages';
import { type PlannedActivity, SLOTS } from '@bloom/shared/planner/types';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import { dateOfDay } from '@bloom/shared/week/week';
import { TZDate } from '@date-fns/tz';
import ical, { ICalAlarmType } from 'ical-generator';
import { feedTimeZone } from './vtimezone';

/** What an event needs of a planned activity. */
export type FeedActivity = Pick<PlannedActivity, 'day' | 'slot' | 'name' | 'icon' | 'duration'>;

/**
 * The feed's text (RFC 5545): one event per slot that has activities, at the slot's time in her time zone
 * (TZID with its VTIMEZONE, so a daylight-saving change keeps the local time), as long as its activities take,
 * with a reminder before. Its words are in the language of `messages`, the activities' names as given.
 */
export function calendarText(
  her: { timeZone: string; answers: QuizAnswers },
  weeks: ReadonlyArray<{ weekStart: string; activities: readonly FeedActivity[] }>,
  now: Date,
  messages: Messages<CalendarMessageId> = CALENDAR_MESSAGES.english,
): string {
  const { tzid: zone, vtimezone } = feedTimeZone(her.timeZone);
  const times = SLOT_TIMES[her.answers.timePreference];
  const calendar = ical({
    name: 'Bloom',
    prodId: { company: 'Bloom', product: 'Bloom rituals', language: 'EN' },
    ttl: 60 * 60,
  });
  // VTIMEZONE for the events' zone only: a calendar-wide zone would write DTSTAMP without its Z.
  calendar.timezone({ name: null, generator: (name) => (name === zone ? vtimezone : null) });
  for (const { weekStart, activities } of weeks) {
    for (const day of [0, 1, 2, 3, 4, 5, 6] as const) {
      const date = dateOfDay(weekStart, day);
      for (const slot of SLOTS) {
        const inSlot = activities.filter((activity) => activity.day === day && activity.slot === slot);
        if (inSlot.length === 0) continue;
        const minutes = inSlot.reduce((sum, activity) => sum + activity.duration, 0);
        // TZDate, which ical-generator writes in its own zone: the slot's wall-clock time on that date there.
        const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
        const start = new TZDate(year, month - 1, dayOfMonth, times[slot].hour, times[slot].minute, zone);
        const title = messages.format('calendar.eventTitle', { slot });
        calendar.createEvent({
          id: `${date}-${slot.toLowerCase()}@bloom`,
          stamp: now,
          start,
          end: new TZDate(start.getTime() + minutes * 60_000, zone),
          timezone: zone,
          summary: title,
          description: [
            ...inSlot.map((activity) =>
              messages.format('calendar.activity', {
                icon: activity.icon,
                name: activity.name,
                duration: activity.duration,
              }),
            ),
            '',
            messages.format('calendar.total', { minutes }),
          ].join('\n'),
          alarms: [
            { type: ICalAlarmType.display, trigger: CALENDAR_REMINDER_MINUTES * 60, description: title },
          ],
        });
      }
    }
  }
  // ical-generator ends the last line without its CRLF; RFC 5545 (3.1) ends every content line with one.
  return `${calendar.toString()}\r\n`;
}
