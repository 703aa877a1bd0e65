import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '../src/week/time-zone';

/** docs/rules.md#time-zones */
describe('canonicalTimeZone', () => {
  it.each([
    // The names Chromium reports for these places, and the tz database's current ones.
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Asia/Katmandu', 'Asia/Kathmandu'],
    ['US/Eastern', 'America/New_York'],
    ['UTC', 'Etc/UTC'],
    // Time zone names are case-insensitive.
    ['asia/calcutta', 'Asia/Kolkata'],
  ])('names %s %s', async (zone, current) => {
    expect(await canonicalTimeZone(zone)).toBe(current);
  });

  it.each(['Asia/Kolkata', 'Europe/Kyiv', 'Europe/Berlin', 'Etc/GMT+5'])(
    'keeps the current name %s',
    async (zone) => {
      expect(await canonicalTimeZone(zone)).toBe(zone);
    },
  );

  it.each(['Europe/Amsterdam', 'Europe/Copenhagen', 'Europe/Oslo', 'Africa/Accra', 'Asia/Kuala_Lumpur'])(
    'never moves %s to another country, as a tz database backward link would',
    async (zone) => {
      expect(await canonicalTimeZone(zone)).toBe(zone);
    },
  );

  it('names every zone the runtime knows by a name the runtime knows too', async () => {
    const unknown: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: await canonicalTimeZone(zone) });
      } catch {
        unknown.push(zone);
      }
    }
    expect(unknown).toEqual([]);
  });
});
