import { describe, expect, it } from 'vitest';
import {
  addDays,
  addWeeks,
  compareWeeks,
  DEFAULT_WEEK_START,
  dateOfDay,
  dayIndexOf,
  isMonday,
  todayIn,
  weekLabel,
  weekStartOf,
} from '../src/week/week';

describe('weekStartOf', () => {
  it('maps every day of a week to its Monday, Sunday included', () => {
    for (const date of ['2026-11-16', '2026-11-17', '2026-11-19', '2026-11-21', '2026-11-22']) {
      expect(weekStartOf(date)).toBe('2026-11-16');
    }
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
  });

  it('crosses month and year boundaries', () => {
    expect(weekStartOf('2026-12-03')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-03')).toBe('2026-12-28');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekStartOf('2025-01-01')).toBe('2024-12-30');
  });

  it('handles leap days', () => {
    expect(weekStartOf('2024-02-29')).toBe('2024-02-26');
    expect(weekStartOf('2024-03-03')).toBe('2024-02-26');
    expect(dayIndexOf('2024-02-29')).toBe(3);
    expect(weekStartOf('2028-03-01')).toBe('2028-02-28');
  });

  it('has a Monday as its fallback week', () => {
    expect(isMonday(DEFAULT_WEEK_START)).toBe(true);
    expect(weekStartOf(DEFAULT_WEEK_START)).toBe(DEFAULT_WEEK_START);
  });

  it('rejects dates that do not exist', () => {
    expect(() => weekStartOf('2026-02-30')).toThrow(RangeError);
    expect(() => weekStartOf('2025-02-29')).toThrow(RangeError);
    expect(() => weekStartOf('26-11-16')).toThrow(RangeError);
    expect(() => weekStartOf('2026-11-16T00:00:00Z')).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('adds days across month, year and leap boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDays('2024-01-01', 366)).toBe('2025-01-01');
  });

  it('never skips or repeats a date over days that change clocks (runs in any process time zone)', () => {
    // Every DST change in Europe, North America and Australia falls in one of these years; walking one day
    // at a time must visit each calendar date exactly once.
    let date = '2023-12-25';
    const seen = new Set<string>();
    for (let i = 0; i < 3 * 366; i += 1) {
      const next = addDays(date, 1);
      expect(next > date).toBe(true);
      expect(dayIndexOf(next)).toBe((dayIndexOf(date) + 1) % 7);
      seen.add(next);
      date = next;
    }
    expect(seen.size).toBe(3 * 366);
  });

  it('moves weeks by seven days', () => {
    expect(addWeeks('2026-11-16', 1)).toBe('2026-11-23');
    expect(addWeeks('2026-11-16', -1)).toBe('2026-11-09');
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    // Weeks holding the spring-forward and fall-back Sundays of Europe and the US.
    expect(addWeeks('2026-03-23', 1)).toBe('2026-03-30');
    expect(addWeeks('2026-10-19', 1)).toBe('2026-10-26');
    expect(addWeeks('2026-03-02', 1)).toBe('2026-03-09');
    expect(addWeeks('2026-10-26', 1)).toBe('2026-11-02');
    expect(addWeeks('2026-11-16', 52)).toBe('2027-11-15');
  });

  it('maps day indexes to dates and back', () => {
    expect(dateOfDay('2026-11-16', 0)).toBe('2026-11-16');
    expect(dateOfDay('2026-11-16', 6)).toBe('2026-11-22');
    expect(dateOfDay('2026-12-28', 4)).toBe('2027-01-01');
    expect(dayIndexOf('2026-11-22')).toBe(6);
    expect(dayIndexOf('2026-11-16')).toBe(0);
    expect(dayIndexOf('2027-01-01')).toBe(4);
    for (let day = 0; day <= 6; day += 1) {
      expect(dayIndexOf(dateOfDay('2024-02-26', day as 0))).toBe(day);
    }
    expect(() => dateOfDay('2026-11-16', 7 as 0)).toThrow(RangeError);
  });

  it('knows Mondays', () => {
    expect(isMonday('2026-11-16')).toBe(true);
    expect(isMonday('2026-11-22')).toBe(false);
    expect(isMonday('2026-02-30')).toBe(false);
    expect(isMonday('nonsense')).toBe(false);
  });

  it('orders weeks', () => {
    expect(compareWeeks('2026-11-16', '2026-11-23')).toBeLessThan(0);
    expect(compareWeeks('2027-01-04', '2026-12-28')).toBeGreaterThan(0);
    expect(compareWeeks('2026-11-16', '2026-11-22')).toBe(0);
    expect(['2027-01-04', '2026-11-16', '2026-12-28'].sort(compareWeeks)).toEqual([
      '2026-11-16',
      '2026-12-28',
      '2027-01-04',
    ]);
  });
});

describe('weekLabel', () => {
  it('names a week inside one month', () => {
    expect(weekLabel('2026-11-16')).toBe('Nov 16 – 22, 2026');
    expect(weekLabel('2024-06-24')).toBe('Jun 24 – 30, 2024');
  });

  it('names both months when the week spans two', () => {
    expect(weekLabel('2026-11-30')).toBe('Nov 30 – Dec 6, 2026');
    expect(weekLabel('2024-02-26')).toBe('Feb 26 – Mar 3, 2024');
  });

  it('names both years when the week spans two', () => {
    expect(weekLabel('2026-12-28')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(weekLabel('2024-12-30')).toBe('Dec 30, 2024 – Jan 5, 2025');
  });

  it('labels the week a date falls in', () => {
    expect(weekLabel('2026-11-22')).toBe('Nov 16 – 22, 2026');
  });
});

describe('todayIn', () => {
  const at = (iso: string) => new Date(iso);

  it('reads the calendar date in far time zones around UTC midnight', () => {
    // UTC+14: already the next day for most of the UTC day.
    expect(todayIn('Pacific/Kiritimati', at('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
    expect(todayIn('Pacific/Kiritimati', at('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
    // UTC-11: still the previous day until 11:00 UTC.
    expect(todayIn('Pacific/Pago_Pago', at('2026-11-23T10:59:59Z'))).toBe('2026-11-22');
    expect(todayIn('Pacific/Pago_Pago', at('2026-11-23T11:00:00Z'))).toBe('2026-11-23');
    // Half- and quarter-hour offsets: St John's is UTC-3:30 in November, Kathmandu UTC+5:45.
    expect(todayIn('America/St_Johns', at('2026-11-23T03:29:59Z'))).toBe('2026-11-22');
    expect(todayIn('America/St_Johns', at('2026-11-23T03:30:00Z'))).toBe('2026-11-23');
    expect(todayIn('Asia/Kathmandu', at('2026-11-22T18:14:59Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Kathmandu', at('2026-11-22T18:15:00Z'))).toBe('2026-11-23');
    expect(todayIn('UTC', at('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });

  it('puts the same instant in different weeks on either side of the date line', () => {
    // Sunday night UTC: Monday in Kiritimati (a new week), Sunday in Pago Pago.
    const now = at('2026-11-22T20:00:00Z');
    expect(weekStartOf(todayIn('Pacific/Kiritimati', now))).toBe('2026-11-23');
    expect(weekStartOf(todayIn('Pacific/Pago_Pago', now))).toBe('2026-11-16');
  });

  it('follows daylight-saving changes', () => {
    // London springs forward on 2026-03-29 at 01:00 UTC and falls back on 2026-10-25 at 01:00 UTC.
    expect(todayIn('Europe/London', at('2026-03-28T23:59:59Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/London', at('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/London', at('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/London', at('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01 (midnight is 04:00/05:00 UTC).
    expect(todayIn('America/New_York', at('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(todayIn('America/New_York', at('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', at('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', at('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    expect(todayIn('America/New_York', at('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', at('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // Sydney falls back on 2026-04-05 (UTC+11 to +10) and springs forward on 2026-10-04 (+10 to +11).
    expect(todayIn('Australia/Sydney', at('2026-04-04T12:59:59Z'))).toBe('2026-04-04');
    expect(todayIn('Australia/Sydney', at('2026-04-04T13:00:00Z'))).toBe('2026-04-05');
    expect(todayIn('Australia/Sydney', at('2026-04-05T13:59:59Z'))).toBe('2026-04-05');
    expect(todayIn('Australia/Sydney', at('2026-04-05T14:00:00Z'))).toBe('2026-04-06');
    expect(todayIn('Australia/Sydney', at('2026-10-03T13:59:59Z'))).toBe('2026-10-03');
    expect(todayIn('Australia/Sydney', at('2026-10-03T14:00:00Z'))).toBe('2026-10-04');
    expect(todayIn('Australia/Sydney', at('2026-10-04T12:59:59Z'))).toBe('2026-10-04');
    expect(todayIn('Australia/Sydney', at('2026-10-04T13:00:00Z'))).toBe('2026-10-05');
  });

  it('rejects unknown zones', () => {
    expect(() => todayIn('Mars/Olympus_Mons', at('2026-11-22T00:00:00Z'))).toThrow(RangeError);
  });
});
