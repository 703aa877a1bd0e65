import type { BucketEntry } from '@bloom/shared/reminders/schedule';
import type { ReminderSettings } from '@bloom/shared/reminders/settings';

/** `USER#{sub}` / `REMINDERS`: her settings and where they are filed, so a change can unfile them. */
export interface ReminderSettingsItem {
  pk: string;
  sk: 'REMINDERS';
  settings: ReminderSettings;
  /** The bucket items (pk, sk) the settings are filed under. */
  filed: { pk: string; sk: string }[];
  /** Moves on with each save; a save is conditional on the one it read. */
  version: number;
  updatedAt: string;
}

/** `REMIND#{HH:MM}#{shard}` / `{sub}#{kind}`: one reminder filed under a UTC time. */
export interface BucketItem extends BucketEntry {
  pk: string;
  sk: string;
}

/** `USER#{sub}` / `PUSH#{sha256(endpoint)}`: one device's push subscription. */
export interface PushSubscriptionItem {
  pk: string;
  sk: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}
