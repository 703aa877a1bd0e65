import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { bucketEntriesOf, bucketPk } from '@bloom/shared/reminders/schedule';
import { defaultReminderSettings, type ReminderSettings } from '@bloom/shared/reminders/settings';
import { canonicalTimeZone } from '@bloom/shared/week/time-zone';
import { refuseWhileDeleting } from '../account/deletion-mark';
import { documentClient, tableName } from '../data/client';
import { userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import type { BucketItem, ReminderSettingsItem } from './items';
import { bucketSk, REMINDERS_SK } from './keys';

/**
 * Her saved settings, or the defaults her quiz answer and time zone suggest (docs/rules.md#reminders). A zone
 * saved before names were made canonical is read by its current name (docs/rules.md#time-zones).
 */
export async function readReminderSettings(
  userId: string,
): Promise<{ settings: ReminderSettings; saved: boolean }> {
  const saved = await getSettingsItem(userId);
  if (saved) {
    return {
      settings: { ...saved.settings, timeZone: await canonicalTimeZone(saved.settings.timeZone) },
      saved: true,
    };
  }
  const profile = await getProfile(userId);
  return {
    settings: defaultReminderSettings(
      profile?.quizAnswers?.timePreference,
      await canonicalTimeZone(profile?.timeZone ?? 'UTC'),
    ),
    saved: false,
  };
}

async function getSettingsItem(userId: string): Promise<ReminderSettingsItem | undefined> {
  const result = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: REMINDERS_SK },
      ConsistentRead: true,
    }),
  );
  return result.Item as ReminderSettingsItem | undefined;
}

const ATTEMPTS = 3;

/**
 * Saves her settings and files them in step, in one transaction: the settings item (conditional on the version
 * read), a Put of each bucket item they need and a Delete of each one they no longer do. Two saves at once:
 * the later reads again and files what it saves, so the buckets always match the stored settings.
 */
export async function saveReminderSettings(
  userId: string,
  sent: ReminderSettings,
  now: Date,
): Promise<ReminderSettings> {
  // Her zone by its current name (docs/rules.md#time-zones), in the settings and the buckets alike.
  const settings = { ...sent, timeZone: await canonicalTimeZone(sent.timeZone) };
  for (let attempt = 1; ; attempt++) {
    const [current, profile] = await Promise.all([getSettingsItem(userId), getProfile(userId)]);
    // Buckets filed now, outside her partition, would outlive the deletion under way.
    refuseWhileDeleting(profile);
    const buckets: BucketItem[] = bucketEntriesOf(userId, settings, now).map(({ bucket, entry }) => ({
      pk: bucketPk(bucket),
      sk: bucketSk(userId, entry.kind),
      ...entry,
    }));
    const filed = buckets.map(({ pk, sk }) => ({ pk, sk }));
    const keep = new Set(filed.map((key) => `${key.pk}|${key.sk}`));
    const unfile = (current?.filed ?? []).filter((key) => !keep.has(`${key.pk}|${key.sk}`));
    const item: ReminderSettingsItem = {
      pk: userPk(userId),
      sk: REMINDERS_SK,
      settings,
      filed,
      version: (current?.version ?? 0) + 1,
      updatedAt: now.toISOString(),
    };
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: item,
                ConditionExpression: current ? 'version = :read' : 'attribute_not_exists(pk)',
                ...(current ? { ExpressionAttributeValues: { ':read': current.version } } : {}),
              },
            },
            ...unfile.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
            ...buckets.map((Item) => ({ Put: { TableName: tableName(), Item } })),
          ],
        }),
      );
      return settings;
    } catch (error) {
      const conflict =
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
      if (!conflict) throw error;
      if (attempt >= ATTEMPTS) throw new DomainError('service_unavailable');
    }
  }
}
