import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { reminderNotification } from '../src/reminders/message';
import {
  type BucketEntry,
  bucketEntriesOf,
  dueDate,
  localTimeAt,
  offsetsOf,
  REMINDER_SHARDS,
  runOf,
  shardOf,
} from '../src/reminders/schedule';
import {
  defaultReminderSettings,
  type ReminderSettings,
  reminderSettingsSchema,
} from '../src/reminders/settings';

const settings = (timeZone: string, changes: Partial<ReminderSettings> = {}): ReminderSettings => ({
  ...defaultReminderSettings('I adapt to both', timeZone),
  ...changes,
});
const on = (time: string) => ({ on: true, time });

/** The entries of her settings that a run at `instant` finds in its own bucket and keeps as due. */
function dueAt(userId: string, s: ReminderSettings, saved: Date, instant: string) {
  const run = runOf(new Date(instant));
  return bucketEntriesOf(userId, s, saved)
    .filter(({ bucket }) => bucket.utcTime === run.utcTime)
    .flatMap(({ entry }) => {
      const date = dueDate(entry, run.at);
      return date ? [{ kind: entry.kind, date }] : [];
    });
}

describe('who is due (docs/rules.md#reminders)', () => {
  const saved = new Date('2026-01-10T12:00:00Z');

  it('files a reminder under the UTC time of each offset her zone has in the year', () => {
    expect(offsetsOf('Europe/Paris', saved)).toEqual([60, 120]);
    expect(offsetsOf('Asia/Tokyo', saved)).toEqual([540]);
    expect(offsetsOf('America/New_York', saved)).toEqual([-300, -240]);
    const paris = bucketEntriesOf('u1', settings('Europe/Paris', { Evening: on('19:30') }), saved);
    expect(paris.map(({ bucket }) => bucket.utcTime)).toEqual(['18:30', '17:30']);
    const tokyo = bucketEntriesOf('u1', settings('Asia/Tokyo', { Morning: on('08:00') }), saved);
    expect(tokyo.map(({ bucket }) => bucket.utcTime)).toEqual(['23:00']);
  });

  it('finds each zone due at its own local time, on her own date', () => {
    const paris = settings('Europe/Paris', { Evening: on('19:30') });
    const tokyo = settings('Asia/Tokyo', { Morning: on('08:00') });
    const newYork = settings('America/New_York', { Midday: on('12:30') });
    // Winter: Paris is UTC+1, New York UTC-5.
    expect(dueAt('a', paris, saved, '2026-01-15T18:30:00Z')).toEqual([
      { kind: 'Evening', date: '2026-01-15' },
    ]);
    expect(dueAt('a', paris, saved, '2026-01-15T17:30:00Z')).toEqual([]);
    // Tokyo's 08:00 on the 16th is 23:00 UTC on the 15th.
    expect(dueAt('b', tokyo, saved, '2026-01-15T23:00:00Z')).toEqual([
      { kind: 'Morning', date: '2026-01-16' },
    ]);
    expect(dueAt('c', newYork, saved, '2026-01-15T17:30:00Z')).toEqual([
      { kind: 'Midday', date: '2026-01-15' },
    ]);
    // A run a few seconds late still belongs to its 5-minute slot; the next slot does not.
    expect(dueAt('a', paris, saved, '2026-01-15T18:34:59Z')).toEqual([
      { kind: 'Evening', date: '2026-01-15' },
    ]);
    expect(dueAt('a', paris, saved, '2026-01-15T18:35:00Z')).toEqual([]);
  });

  it('follows a daylight-saving change without rewriting a bucket', () => {
    const paris = settings('Europe/Paris', { Evening: on('19:30') });
    // Clocks go forward in Paris on 29 March 2026: 19:30 is 18:30 UTC the day before, 17:30 UTC after.
    expect(dueAt('a', paris, saved, '2026-03-28T18:30:00Z')).toEqual([
      { kind: 'Evening', date: '2026-03-28' },
    ]);
    expect(dueAt('a', paris, saved, '2026-03-28T17:30:00Z')).toEqual([]);
    expect(dueAt('a', paris, saved, '2026-03-29T17:30:00Z')).toEqual([
      { kind: 'Evening', date: '2026-03-29' },
    ]);
    expect(dueAt('a', paris, saved, '2026-03-29T18:30:00Z')).toEqual([]);
    // New York moved on 8 March: 12:30 is 16:30 UTC from then.
    const newYork = settings('America/New_York', { Midday: on('12:30') });
    expect(dueAt('c', newYork, saved, '2026-03-09T16:30:00Z')).toEqual([
      { kind: 'Midday', date: '2026-03-09' },
    ]);
    expect(dueAt('c', newYork, saved, '2026-03-09T17:30:00Z')).toEqual([]);
  });

  it('files nothing for reminders that are off, and spreads users over the shards', () => {
    expect(bucketEntriesOf('u', settings('Europe/Paris'), saved)).toEqual([]);
    const shards = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`user-${i}`)));
    expect(shards.size).toBe(REMINDER_SHARDS);
    expect(shardOf('same')).toBe(shardOf('same'));
  });

  it('reads local time in her zone', () => {
    expect(localTimeAt(new Date('2026-07-01T23:45:00Z'), 'Asia/Kolkata')).toBe('05:15');
    expect(localTimeAt(new Date('2026-07-01T10:00:00Z'), 'America/Los_Angeles')).toBe('03:00');
    const entry: BucketEntry = {
      userId: 'u',
      kind: 'CheckIn',
      localTime: '05:15',
      timeZone: 'Asia/Kolkata',
      quietOnMarkedDays: true,
    };
    expect(dueDate(entry, new Date('2026-07-01T23:45:00Z'))).toBe('2026-07-02');
  });
});

describe('reminder settings', () => {
  it("takes her time preference for the default times, all off: a slot's start in her calendar feed", () => {
    const morning = defaultReminderSettings('Morning person', 'Europe/Paris');
    expect(morning.Morning).toEqual({ on: false, time: '07:00' });
    expect(morning.CheckIn).toEqual({ on: false, time: '20:30' });
    expect(defaultReminderSettings('I adapt to both', 'UTC').Evening.time).toBe('20:00');
    expect(defaultReminderSettings('Evening person', 'UTC').Morning.time).toBe('08:30');
  });

  it('accepts times in 5-minute steps only', () => {
    const valid = settings('Europe/Paris', { Evening: on('19:35') });
    expect(v.safeParse(reminderSettingsSchema, valid).success).toBe(true);
    expect(v.safeParse(reminderSettingsSchema, { ...valid, Evening: on('19:33') }).success).toBe(false);
    expect(v.safeParse(reminderSettingsSchema, { ...valid, Evening: on('24:00') }).success).toBe(false);
    expect(v.safeParse(reminderSettingsSchema, { ...valid, timeZone: 'Mars/Base' }).success).toBe(false);
  });
});

describe('the message', () => {
  it("names the slot's activities kindly", () => {
    const message = reminderNotification('Evening', '2026-01-15', [
      { name: 'Candle and breathe', duration: 5 },
    ]);
    expect(message.body).toBe('Your Evening rituals are ready: Candle and breathe, 5 min');
    expect(message.url).toBe('/?day=2026-01-15');
    const many = reminderNotification(
      'Morning',
      '2026-01-15',
      ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, duration: 2 })),
    );
    expect(many.body).toBe('Your Morning rituals are ready: A, 2 min · B, 2 min · C, 2 min and 2 more');
  });
});
