import { tzOffset } from '@date-fns/tz';
import { todayIn } from '../week/week';
import { REMINDER_KINDS, type ReminderKind, type ReminderSettings, SEND_PERIOD_MINUTES } from './settings';

/**
 * When reminders are due (docs/rules.md#reminders). The sender runs every 5 minutes and must find who is due
 * without a Scan, so each reminder she turns on is filed under the UTC time it falls at: a bucket
 * `REMIND#{HH:MM UTC}#{shard}`. A zone with daylight saving has two offsets a year, so a reminder is filed
 * under both of its UTC times, and the sender keeps only those whose local time in her zone is the run's:
 * a clock change needs no rewrite of any bucket.
 */

export const REMINDER_SHARDS = 10;
const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;

/** One reminder as filed in a bucket: enough for the sender to decide without reading her settings. */
export interface BucketEntry {
  userId: string;
  kind: ReminderKind;
  /** Her local wall-clock time, HH:MM. */
  localTime: string;
  timeZone: string;
  quietOnMarkedDays: boolean;
}

/** A bucket: `HH:MM` in UTC and a shard 0..9. */
export interface Bucket {
  utcTime: string;
  shard: number;
}

export const bucketPk = (bucket: Bucket) => `REMIND#${bucket.utcTime}#${bucket.shard}`;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => {
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** Her shard: a stable spread of users over the bucket's partitions (FNV-1a of her id). */
export function shardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % REMINDER_SHARDS;
}

/**
 * Every UTC offset (minutes) the zone has in the year from `now`: one for most zones, two where clocks
 * change. Sampled twice a month, which no offset period is shorter than.
 */
export function offsetsOf(timeZone: string, now: Date): number[] {
  const offsets = new Set<number>();
  for (let day = 0; day <= 366; day += 14)
    offsets.add(tzOffset(timeZone, new Date(now.getTime() + day * DAY_MS)));
  return [...offsets].sort((a, b) => a - b);
}

/** The UTC time of day a local time falls at under an offset. */
export function utcTimeOf(localTime: string, offsetMinutes: number): string {
  return timeOf(minutesOf(localTime) - offsetMinutes);
}

/** The buckets her settings file her reminders under: each reminder that is on, at each offset of her zone. */
export function bucketEntriesOf(
  userId: string,
  settings: ReminderSettings,
  now: Date,
): { bucket: Bucket; entry: BucketEntry }[] {
  const shard = shardOf(userId);
  const offsets = offsetsOf(settings.timeZone, now);
  return REMINDER_KINDS.filter((kind) => settings[kind].on).flatMap((kind) => {
    const localTime = settings[kind].time;
    const utcTimes = [...new Set(offsets.map((offset) => utcTimeOf(localTime, offset)))];
    return utcTimes.map((utcTime) => ({
      bucket: { utcTime, shard },
      entry: {
        userId,
        kind,
        localTime,
        timeZone: settings.timeZone,
        quietOnMarkedDays: settings.quietOnMarkedDays,
      },
    }));
  });
}

/** The run a scheduled time belongs to: the instant floored to the sender's period. */
export function runOf(scheduledTime: Date): { at: Date; utcTime: string } {
  const period = SEND_PERIOD_MINUTES * 60_000;
  const at = new Date(Math.floor(scheduledTime.getTime() / period) * period);
  return { at, utcTime: at.toISOString().slice(11, 16) };
}

/** The wall-clock time, HH:MM, at an instant in a zone. */
export function localTimeAt(at: Date, timeZone: string): string {
  return timeOf(at.getUTCHours() * 60 + at.getUTCMinutes() + tzOffset(timeZone, at));
}

/**
 * Whether a filed reminder is due at the run `at`, and for which of her dates: due when her local time now
 * is the reminder's. The bucket of the other offset holds the same reminder and is not due, except on the
 * night clocks go back when a local time happens twice; the sender sends a reminder once a day
 * (functions/src/reminders/deliver.ts).
 */
export function dueDate(entry: BucketEntry, at: Date): string | undefined {
  if (localTimeAt(at, entry.timeZone) !== entry.localTime) return undefined;
  return todayIn(entry.timeZone, at);
}
