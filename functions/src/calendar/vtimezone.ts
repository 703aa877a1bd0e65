import { tzlib_get_ical_block } from 'timezones-ical-library';

/** A time zone as a feed writes it: the TZID its events carry, and the VTIMEZONE that defines that TZID. */
export interface FeedTimeZone {
  tzid: string;
  vtimezone: string;
}

/**
 * Her time zone's VTIMEZONE (docs/rules.md#calendar-feed), from the tz database as timezones-ical-library
 * writes it. That data names some zones by the zone they link to, whose rules are the same since 1970
 * (Europe/Amsterdam is written as Europe/Brussels, Africa/Accra as Africa/Abidjan), so the events take the
 * VTIMEZONE's own TZID: a TZID without its VTIMEZONE makes a calendar app read the times as floating.
 */
export function feedTimeZone(zone: string): FeedTimeZone {
  const block = tzlib_get_ical_block(zone);
  const [vtimezone, tzidParameter] = Array.isArray(block) ? block : [];
  const tzid = tzidParameter?.replace(/^TZID=/, '');
  // Every zone the runtime knows has one (functions/test/calendar-feed.test.ts checks them all).
  if (!vtimezone || !tzid) throw new Error(`No VTIMEZONE for the time zone ${zone}`);
  return { tzid, vtimezone };
}
