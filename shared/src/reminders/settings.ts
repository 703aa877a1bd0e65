import * as v from 'valibot';
import { timeZoneSchema } from '../api/profile-request';
import { SLOT_TIMES, type SlotTime } from '../calendar/slot-times';
import { FIELD_MESSAGES } from '../errors/catalogue';
import type { QuizAnswers } from '../quiz/quiz';
import { strictObject } from '../validation/strict-object';
import { MAX_PUSH_ENDPOINT_LENGTH } from './push-endpoint';

/**
 * Her reminder settings (docs/rules.md#reminders): one reminder at the start of each slot she turns on, and
 * one evening check-in when nothing of the day is ticked. Times are local wall-clock times in her time zone,
 * in 5-minute steps because the sender runs every 5 minutes.
 */
export const REMINDER_SLOTS = ['Morning', 'Midday', 'Evening'] as const;
export type ReminderSlot = (typeof REMINDER_SLOTS)[number];
/** What a reminder is about: a slot's rituals, or the check-in. */
export const REMINDER_KINDS = [...REMINDER_SLOTS, 'CheckIn'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The sender's period: every local time is a multiple of it, so each falls in exactly one run. */
export const SEND_PERIOD_MINUTES = 5;

export const REMINDER_TIME_MESSAGE = FIELD_MESSAGES.reminderTime;

export const localTimeSchema = v.pipe(
  v.string(REMINDER_TIME_MESSAGE),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_TIME_MESSAGE),
  v.check((time) => Number(time.slice(3)) % SEND_PERIOD_MINUTES === 0, REMINDER_TIME_MESSAGE),
);

const reminderSchema = strictObject({ on: v.boolean(), time: localTimeSchema });
export type Reminder = v.InferOutput<typeof reminderSchema>;

export const reminderSettingsSchema = strictObject({
  Morning: reminderSchema,
  Midday: reminderSchema,
  Evening: reminderSchema,
  CheckIn: reminderSchema,
  /** No reminder on a day she marked (completed, or any other mark a DAY# item carries). */
  quietOnMarkedDays: v.boolean(),
  timeZone: timeZoneSchema,
});
export type ReminderSettings = v.InferOutput<typeof reminderSettingsSchema>;

/** Her day's end, by time preference: the check-in comes after the Evening slot has started. */
const CHECK_IN_TIMES: Record<QuizAnswers['timePreference'], string> = {
  'Morning person': '20:30',
  'Evening person': '21:30',
  'I adapt to both': '21:00',
};

const hhmm = ({ hour, minute }: SlotTime) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/**
 * The times each quiz time preference suggests: a slot's reminder at the time that slot starts in her calendar
 * feed (`SLOT_TIMES`, docs/rules.md#calendar-feed), one rule for both, and the check-in at her day's end.
 */
function defaultTimes(preference: QuizAnswers['timePreference']): Record<ReminderKind, string> {
  const slots = SLOT_TIMES[preference];
  return {
    Morning: hhmm(slots.Morning),
    Midday: hhmm(slots.Midday),
    Evening: hhmm(slots.Evening),
    CheckIn: CHECK_IN_TIMES[preference],
  };
}

/** Settings before she chose any: everything off, times from her quiz answer, quiet on marked days. */
export function defaultReminderSettings(
  timePreference: QuizAnswers['timePreference'] | undefined,
  timeZone: string,
): ReminderSettings {
  const times = defaultTimes(timePreference ?? 'I adapt to both');
  const off = (kind: ReminderKind): Reminder => ({ on: false, time: times[kind] });
  return {
    Morning: off('Morning'),
    Midday: off('Midday'),
    Evening: off('Evening'),
    CheckIn: off('CheckIn'),
    quietOnMarkedDays: true,
    timeZone,
  };
}

export function anyReminderOn(settings: ReminderSettings): boolean {
  return REMINDER_KINDS.some((kind) => settings[kind].on);
}

const PUSH_ENDPOINT_MESSAGE = FIELD_MESSAGES.pushEndpoint;

/**
 * A push subscription as the browser's PushSubscription.toJSON() gives it. Not strict: browsers add fields
 * (expirationTime) that Bloom does not keep. Which endpoints are accepted is the server's to say, with its
 * configuration (isAllowedPushEndpoint, docs/rules.md#reminders): 400 `push_endpoint_not_allowed`.
 */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(PUSH_ENDPOINT_MESSAGE),
    v.minLength(1, PUSH_ENDPOINT_MESSAGE),
    v.maxLength(MAX_PUSH_ENDPOINT_LENGTH, PUSH_ENDPOINT_MESSAGE),
  ),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, FIELD_MESSAGES.pushKey)),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, FIELD_MESSAGES.pushSecret)),
  }),
});
export type PushSubscriptionJson = v.InferOutput<typeof pushSubscriptionSchema>;

export const unsubscribeSchema = strictObject({
  endpoint: v.pipe(v.string(), v.maxLength(MAX_PUSH_ENDPOINT_LENGTH)),
});
