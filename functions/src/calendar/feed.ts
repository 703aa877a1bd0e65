import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CALENDAR_FEED_WEEKS } from '@bloom/shared/calendar/slot-times';
import { weekPlan } from '@bloom/shared/plan/week-plan';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { addWeeks, DEFAULT_TIME_ZONE, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { documentClient, tableName } from '../data/client';
import type { CalendarTokenItem } from '../data/items';
import { CALENDAR_TOKEN_SK, calendarTokenPk } from '../data/keys';
import { getProfile, queryWeek } from '../data/reads';
import { DomainError } from '../domain-error';
import { shouldSeed } from '../planner/load-week';
import { planItems } from '../planner/plan-items';
import { calendarText } from './ics';
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
  // A zone saved under an old name needs no renaming here: the feed writes it by its VTIMEZONE's TZID.
  const timeZone = profile.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone, now);
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
  return calendarText({ timeZone, answers: profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS }, weeks, now);
}
