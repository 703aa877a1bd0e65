import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { LOCAL_REGION } from '../dynamodb';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';
import { listenOnLoopback, readBody, sendJson } from '../http';

/** The Lambda that consumes a queue, as the event source mapping invokes it. */
export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

export interface SqsEmulatorOptions {
  /** The queue's name; its URL is `<emulator>/<account>/<name>`. */
  queueName: string;
  consumer: QueueConsumer;
  /** Receives before a message moves to the dead-letter queue (the redrive policy's maxReceiveCount). */
  maxReceiveCount?: number;
  /** How long a failed message stays invisible before it is received again. */
  visibilityTimeoutMs?: number;
  /** Records per invocation (the event source mapping's batch size). */
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SqsEmulator {
  url: string;
  queueUrl: string;
  /** Points the AWS SDK's SQS client at this emulator, through the SDK's own setting. */
  env: { AWS_ENDPOINT_URL_SQS: string };
  /** Messages that failed maxReceiveCount times. */
  deadLetters(): { body: string; receiveCount: number }[];
  /** Resolves when no message is waiting or being processed. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

interface Message {
  id: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

const JSON_1_0 = 'application/x-amz-json-1.0';
/** SQS's limit on one message's body. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * One SQS queue and its Lambda event source mapping: SendMessage and SendMessageBatch over the service's AWS
 * JSON 1.0 protocol (with the MD5 of each body the SDK checks), delivered to the consumer in batches, later and
 * not in order; a message the consumer reports failed (ReportBatchItemFailures) or that a thrown error fails is
 * received again after its visibility timeout, and after maxReceiveCount receives goes to the dead-letter queue.
 */
export async function startSqsEmulator(options: SqsEmulatorOptions): Promise<SqsEmulator> {
  const maxReceiveCount = options.maxReceiveCount ?? 3;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const waiting: Message[] = [];
  const dead: Message[] = [];
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[sqs-emulator]', error);
      if (!res.headersSent)
        answer(res, 500, { __type: 'com.amazonaws.sqs#InternalError', message: String(error) });
    });
  });
  const url = await listenOnLoopback(server, {});
  const queueUrl = `${url}/${LOCAL_ACCOUNT_ID}/${options.queueName}`;
  const queueArn = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${options.queueName}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
      return answer(res, 400, {
        __type: 'com.amazonaws.sqs#MissingAuthenticationToken',
        message: 'Missing Authentication Token',
      });
    }
    const request = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Record<
      string,
      unknown
    >;
    if (request.QueueUrl !== queueUrl) {
      return answer(res, 400, {
        __type: 'com.amazonaws.sqs#QueueDoesNotExist',
        message: 'The specified queue does not exist.',
      });
    }
    if (target === 'AmazonSQS.SendMessage') {
      const body = String(request.MessageBody ?? '');
      if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) {
        return answer(res, 400, {
          __type: 'com.amazonaws.sqs#InvalidParameterValue',
          message: 'Message too long',
        });
      }
      const id = enqueue(body);
      options.log?.(`sqs SendMessage ${options.queueName}`);
      return answer(res, 200, { MessageId: id, MD5OfMessageBody: md5(body) });
    }
    if (target === 'AmazonSQS.SendMessageBatch') {
      const entries = (request.Entries ?? []) as { Id: string; MessageBody: string }[];
      if (entries.length === 0 || entries.length > 10) {
        return answer(res, 400, {
          __type:
            entries.length === 0
              ? 'com.amazonaws.sqs#EmptyBatchRequest'
              : 'com.amazonaws.sqs#TooManyEntriesInBatchRequest',
          message: 'A batch holds 1 to 10 entries.',
        });
      }
      const total = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.MessageBody), 0);
      if (total > MAX_MESSAGE_BYTES) {
        return answer(res, 400, {
          __type: 'com.amazonaws.sqs#BatchRequestTooLong',
          message: 'Batch requests cannot be longer than 262144 bytes.',
        });
      }
      const Successful = entries.map((entry) => ({
        Id: entry.Id,
        MessageId: enqueue(entry.MessageBody),
        MD5OfMessageBody: md5(entry.MessageBody),
      }));
      options.log?.(`sqs SendMessageBatch ${options.queueName} ${entries.length}`);
      return answer(res, 200, { Successful, Failed: [] });
    }
    return answer(res, 400, {
      __type: 'com.amazonaws.sqs#UnsupportedOperation',
      message: `${target} is not emulated`,
    });
  }

  function enqueue(body: string): string {
    const message: Message = { id: randomUUID(), body, receiveCount: 0, sentAt: Date.now() };
    waiting.push(message);
    schedulePoll(0);
    return message.id;
  }

  function schedulePoll(delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void poll();
    }, delayMs);
    timers.add(timer);
  }

  /** Takes up to batchSize messages, in no promised order, and invokes the consumer with them. */
  async function poll(): Promise<void> {
    if (waiting.length === 0) return settle();
    const batch = waiting.splice(0, batchSize).sort(() => Math.random() - 0.5);
    inFlight += batch.length;
    for (const message of batch) message.receiveCount++;
    let failedIds: Set<string>;
    try {
      const response = await options.consumer({ Records: batch.map((message) => record(message)) });
      failedIds = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      options.log?.(`sqs consumer failed: ${String(error)}`);
      failedIds = new Set(batch.map((message) => message.id));
    }
    for (const message of batch.filter((candidate) => failedIds.has(candidate.id))) {
      if (message.receiveCount >= maxReceiveCount) dead.push(message);
      else {
        inFlight++;
        const timer = setTimeout(() => {
          timers.delete(timer);
          inFlight--;
          waiting.push(message);
          void poll();
        }, visibilityTimeoutMs);
        timers.add(timer);
      }
    }
    inFlight -= batch.length;
    if (waiting.length > 0) schedulePoll(0);
    settle();
  }

  function settle(): void {
    if (waiting.length > 0 || inFlight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function record(message: Message): SQSRecord {
    return {
      messageId: message.id,
      receiptHandle: randomUUID(),
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: LOCAL_ACCOUNT_ID,
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: md5(message.body),
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: LOCAL_REGION,
    };
  }

  return {
    url,
    queueUrl,
    env: { AWS_ENDPOINT_URL_SQS: url },
    deadLetters: () => dead.map((message) => ({ body: message.body, receiveCount: message.receiveCount })),
    drained: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settle();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function answer(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'content-type': JSON_1_0, 'x-amzn-requestid': randomUUID() });
}
