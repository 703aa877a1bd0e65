import { TZDate } from '@date-fns/tz';
import type { DayIndex } from '../planner/types';

/**
 * Calendar-week maths on ISO dates ('YYYY-MM-DD'). A week starts on Monday (day index 0) and ends on Sunday
 * (day index 6), so a Sunday belongs to the week that began six days earlier.
 *
 * Every calculation runs on UTC midnights: a calendar date has no time zone, and doing the arithmetic in UTC
 * means a daylight-saving change can never move a date by a day. The only place a zone matters is deciding
 * which calendar date it is right now somewhere (`todayIn`).
 */

/**
 * A fallback week for when none is known; Bloom always knows today, so nothing uses it
 * (docs/rules.md#weeks-and-days).
 */
export const DEFAULT_WEEK_START = '2024-06-24';

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** Milliseconds of the UTC midnight that starts the date; throws on anything that is not a real date. */
function toUtcMidnight(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${isoDate}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Date.UTC rolls 2026-02-30 over into March; a real date survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Not a real calendar date: ${isoDate}`);
  }
  return time;
}

function fromParts(year: number, monthIndex: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fromUtcMidnight(time: number): string {
  const date = new Date(time);
  return fromParts(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** A profile's time zone until her browser has told Bloom hers. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The calendar date it is at `now` in the IANA time zone `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  const zoned = new TZDate(now.getTime(), timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Invalid instant or time zone: ${timeZone}`);
  return fromParts(zoned.getFullYear(), zoned.getMonth(), zoned.getDate());
}

export function isIsoDate(value: string): boolean {
  try {
    toUtcMidnight(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(isoDate: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number: ${days}`);
  return fromUtcMidnight(toUtcMidnight(isoDate) + days * MS_PER_DAY);
}

export function addWeeks(weekStart: string, weeks: number): string {
  if (!Number.isInteger(weeks)) throw new RangeError(`Weeks must be a whole number: ${weeks}`);
  return addDays(weekStart, weeks * 7);
}

/** 0 for Monday up to 6 for Sunday. */
export function dayIndexOf(isoDate: string): DayIndex {
  // getUTCDay counts from Sunday = 0; shift so Monday = 0 and Sunday = 6.
  return ((new Date(toUtcMidnight(isoDate)).getUTCDay() + 6) % 7) as DayIndex;
}

/** The Monday of the week holding the date. */
export function weekStartOf(isoDate: string): string {
  return addDays(isoDate, -dayIndexOf(isoDate));
}

export function isMonday(isoDate: string): boolean {
  return isIsoDate(isoDate) && dayIndexOf(isoDate) === 0;
}

export function dateOfDay(weekStart: string, day: DayIndex): string {
  if (!Number.isInteger(day) || day < 0 || day > 6) throw new RangeError(`Day index must be 0-6: ${day}`);
  return addDays(weekStart, day);
}

/** Negative when week a is before week b, positive when after, 0 for the same week; usable with sort(). */
export function compareWeeks(a: string, b: string): number {
  return Math.sign(toUtcMidnight(weekStartOf(a)) - toUtcMidnight(weekStartOf(b)));
}

/**
 * The week's date range for the planner's top bar, naming only what changes:
 * 'Nov 16 – 22, 2026', 'Nov 30 – Dec 6, 2026', 'Dec 28, 2026 – Jan 3, 2027'.
 */
export function weekLabel(weekStart: string): string {
  const start = new Date(toUtcMidnight(weekStartOf(weekStart)));
  const end = new Date(start.getTime() + 6 * MS_PER_DAY);
  const startMonth = MONTH_NAMES[start.getUTCMonth()];
  const endMonth = MONTH_NAMES[end.getUTCMonth()];
  const startYear = start.getUTCFullYear();
  const endYear = end.getUTCFullYear();
  if (startYear !== endYear) {
    return `${startMonth} ${start.getUTCDate()}, ${startYear} – ${endMonth} ${end.getUTCDate()}, ${endYear}`;
  }
  if (start.getUTCMonth() !== end.getUTCMonth()) {
    return `${startMonth} ${start.getUTCDate()} – ${endMonth} ${end.getUTCDate()}, ${endYear}`;
  }
  return `${startMonth} ${start.getUTCDate()} – ${end.getUTCDate()}, ${endYear}`;
}
