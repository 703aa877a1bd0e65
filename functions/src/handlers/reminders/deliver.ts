import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withTableBudget } from '../../aws/table-budget';
import { log } from '../../observability/log';
import { type DueMessage, deliverAll } from '../../reminders/send-due';

/**
 * The reminder queue's consumer: delivers the reminders of each message. A message that failed is reported
 * alone (ReportBatchItemFailures), so SQS retries it and, after its last try, moves it to the dead-letter
 * queue; a reminder already sent is claimed and never sent twice (functions/src/reminders/deliver.ts). The
 * batch's table calls share one budget (docs/rules.md#outages): a table that stops answering fails its messages at
 * once, for SQS to deliver again.
 */
export const handler = withTableBudget(async (event: SQSEvent): Promise<SQSBatchResponse> => {
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
});
