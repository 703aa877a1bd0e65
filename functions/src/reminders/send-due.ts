import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type BucketEntry,
  bucketPk,
  dueDate,
  REMINDER_SHARDS,
  runOf,
} from '@bloom/shared/reminders/schedule';
import { sendMessageBatch } from '../aws/sqs';
import { documentClient, tableName } from '../data/client';
import { log } from '../observability/log';
import { deliverReminder } from './deliver';
import type { BucketItem } from './items';

/** A bucket larger than this is handed to the queue, so one run never outlasts its function's timeout. */
export const FAN_OUT_ABOVE = 50;
/** Reminders per queue message, and messages per SendMessageBatch (SQS's limit). */
export const REMINDERS_PER_MESSAGE = 25;
const MESSAGES_PER_BATCH = 10;
/** Reminders delivered at once by one function. */
const CONCURRENCY = 8;

/** What a queue message carries: reminders due at one run. */
export interface DueMessage {
  at: string;
  reminders: { entry: BucketEntry; date: string }[];
}

/**
 * One run of the sender (docs/rules.md#reminders): reads the run's bucket, its 10 shards queried in parallel
 * (no Scan), keeps the reminders whose local time is now, and delivers them itself or, for a large bucket,
 * through the queue.
 */
export async function sendDueReminders(scheduledTime: Date): Promise<{ due: number; queued: boolean }> {
  const run = runOf(scheduledTime);
  const shards = await Promise.all(
    Array.from({ length: REMINDER_SHARDS }, (_, shard) =>
      queryBucket(bucketPk({ utcTime: run.utcTime, shard })),
    ),
  );
  const due = shards.flat().flatMap((entry) => {
    const date = dueDate(entry, run.at);
    return date ? [{ entry, date }] : [];
  });
  log.info('Reminder run', { at: run.at.toISOString(), due: due.length });
  if (due.length > FAN_OUT_ABOVE) {
    await enqueue({ at: run.at.toISOString(), reminders: due });
    return { due: due.length, queued: true };
  }
  await deliverAll({ at: run.at.toISOString(), reminders: due });
  return { due: due.length, queued: false };
}

/** Delivers a message's reminders, a few at a time; one failing does not stop the others, then it throws. */
export async function deliverAll(message: DueMessage): Promise<void> {
  const now = new Date(message.at);
  const pending = [...message.reminders];
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        await deliverReminder(next.entry, next.date, now).catch((error: unknown) => failures.push(error));
      }
    }),
  );
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${message.reminders.length} reminders failed`);
  }
}

async function enqueue(message: DueMessage): Promise<void> {
  const queueUrl = process.env.REMINDER_QUEUE_URL;
  if (!queueUrl) throw new Error('REMINDER_QUEUE_URL is not set');
  const bodies: string[] = [];
  for (let i = 0; i < message.reminders.length; i += REMINDERS_PER_MESSAGE) {
    bodies.push(
      JSON.stringify({ at: message.at, reminders: message.reminders.slice(i, i + REMINDERS_PER_MESSAGE) }),
    );
  }
  const batches: string[][] = [];
  for (let i = 0; i < bodies.length; i += MESSAGES_PER_BATCH)
    batches.push(bodies.slice(i, i + MESSAGES_PER_BATCH));
  await Promise.all(batches.map((batch) => sendMessageBatch(queueUrl, batch)));
}

async function queryBucket(pk: string): Promise<BucketEntry[]> {
  const entries: BucketEntry[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey,
      }),
    );
    for (const item of (page.Items ?? []) as BucketItem[]) {
      entries.push({
        userId: item.userId,
        kind: item.kind,
        localTime: item.localTime,
        timeZone: item.timeZone,
        quietOnMarkedDays: item.quietOnMarkedDays,
      });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}
