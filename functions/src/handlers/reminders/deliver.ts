import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { log } from '../../observability/log';
import { type DueMessage, deliverAll } from '../../reminders/send-due';

/**
 * The reminder queue's consumer: delivers the reminders of each message. A message that failed is reported
 * alone (ReportBatchItemFailures), so SQS retries it and, after its last try, moves it to the dead-letter
 * queue; a reminder already sent is claimed and never sent twice (functions/src/reminders/deliver.ts).
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failed = await Promise.all(
    event.Records.map(async (record) => {
      try {
        await deliverAll(JSON.parse(record.body) as DueMessage);
        return undefined;
      } catch (error) {
        log.error('Reminder message failed', { messageId: record.messageId, error });
        return record.messageId;
      }
    }),
  );
  return {
    batchItemFailures: failed.flatMap((id) => (id ? [{ itemIdentifier: id }] : [])),
  };
};
