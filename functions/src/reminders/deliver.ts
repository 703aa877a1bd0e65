import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadActivityNames } from '@bloom/shared/i18n/activity-names';
import { REMINDER_MESSAGES } from '@bloom/shared/i18n/catalogues/reminders';
import { DEFAULT_LOCALE } from '@bloom/shared/i18n/locales';
import { reminderNotification } from '@bloom/shared/reminders/message';
import type { BucketEntry } from '@bloom/shared/reminders/schedule';
import { dayIndexOf, weekStartOf } from '@bloom/shared/week/week';
import { documentClient, tableName } from '../data/client';
import { completedDaySk, userPk } from '../data/keys';
import { getProfile, queryWeek } from '../data/reads';
import { log } from '../observability/log';
import { PUSH_PREFIX, remindedSk } from './keys';
import { pushNotification } from './push';
import { deletePushSubscription, listPushSubscriptions } from './subscriptions';

export type DeliveryResult =
  | 'sent'
  | 'quiet'
  | 'nothing-to-remind'
  | 'already-sent'
  | 'no-device'
  | 'account-deleting';

/** A claim outlives the day it is for, then DynamoDB's TTL removes it. */
const CLAIM_SECONDS = 2 * 24 * 60 * 60;

/**
 * One due reminder (docs/rules.md#reminders): quiet on a day she marked (any DAY# mark) when she asked for
 * that; a slot's reminder names its activities still open and is not sent when none are; the check-in only
 * when nothing of the day is ticked. Written in her profile's language (docs/rules.md#languages), read with the
 * rest. Claimed once per date and kind before sending, so a repeated run or queue message sends nothing twice; a
 * device whose push service says it is gone is forgotten, and so is one whose endpoint is not at a push service
 * Bloom sends to. An account being deleted gets nothing.
 */
export async function deliverReminder(entry: BucketEntry, date: string, now: Date): Promise<DeliveryResult> {
  const weekStart = weekStartOf(date);
  const day = dayIndexOf(date);
  const [mark, week, devices, profile] = await Promise.all([
    documentClient.send(
      new GetCommand({ TableName: tableName(), Key: { pk: userPk(entry.userId), sk: completedDaySk(date) } }),
    ),
    queryWeek(entry.userId, weekStart),
    listPushSubscriptions(entry.userId),
    getProfile(entry.userId),
  ]);
  if (devices.length === 0) return 'no-device';
  // She asked for her account to be deleted: a deletion that stopped half way leaves it serving nothing
  // (account/deletion-mark.ts), her reminders included.
  if (profile?.deletingAt) return 'account-deleting';
  if (mark.Item && (entry.quietOnMarkedDays || entry.kind === 'CheckIn')) return 'quiet';
  const today = week.planned.filter((item) => item.day === day);
  const open = today.filter((item) => item.slot === entry.kind && item.completedAt === undefined);
  const ticked = today.some((item) => item.completedAt !== undefined);
  if (entry.kind === 'CheckIn' ? ticked : open.length === 0) return 'nothing-to-remind';

  const locale = profile?.locale ?? DEFAULT_LOCALE;
  const [messages, names] = await Promise.all([REMINDER_MESSAGES.load(locale), loadActivityNames(locale)]);
  if (!(await claim(entry, date, now))) return 'already-sent';
  const notification = reminderNotification(
    entry.kind,
    date,
    open.map((item) => ({ name: names.of(item.activityId, item.name), duration: item.duration })),
    messages,
  );
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const outcome = await pushNotification(device, notification);
      if (outcome === 'gone' || outcome === 'not-allowed')
        await deletePushSubscription(entry.userId, device.sk.slice(PUSH_PREFIX.length));
      return outcome;
    }),
  );
  log.info('Reminder delivered', { kind: entry.kind, date, outcomes });
  return 'sent';
}

async function claim(entry: BucketEntry, date: string, now: Date): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: userPk(entry.userId),
          sk: remindedSk(date, entry.kind),
          sentAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
