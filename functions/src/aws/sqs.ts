import { memoised } from '../memoised';
import { instrumented } from './instrumentation';

/**
 * SQS, loaded on first use: only a large bucket of reminders needs it. The endpoint is AWS's regional one
 * unless the SDK's own configuration names another (AWS_ENDPOINT_URL_SQS: the local cloud's queue).
 */
const sqs = memoised(async () => {
  const { SendMessageBatchCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  return { client: instrumented(new SQSClient({})), SendMessageBatchCommand };
});

/** Sends up to 10 message bodies in one request; throws if any was not accepted. */
export async function sendMessageBatch(queueUrl: string, bodies: readonly string[]): Promise<void> {
  const { client, SendMessageBatchCommand } = await sqs();
  const result = await client.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: bodies.map((MessageBody, index) => ({ Id: String(index), MessageBody })),
    }),
  );
  if ((result.Failed ?? []).length > 0) {
    throw new Error(
      `SQS refused ${result.Failed?.length} of ${bodies.length} messages: ${result.Failed?.[0]?.Code}`,
    );
  }
}
