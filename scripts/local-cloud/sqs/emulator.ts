import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOCAL_REGION } from '../dynamodb';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';
import { listenOnLoopback, readBody, sendJson } from '../http';
import { EmulatedQueue, md5, type QueueConsumer } from './queue';

export type { QueueConsumer } from './queue';

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

const JSON_1_0 = 'application/x-amz-json-1.0';
/** SQS's limit on one message's body, and on a batch's bodies together. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/** An SQS error as the JSON protocol answers it: its type and message. */
interface SqsError {
  status: number;
  type: string;
  message: string;
}

type SqsAnswer = { body: Record<string, unknown> } | SqsError;

/**
 * One SQS queue and its Lambda event source mapping (queue.ts): SendMessage and SendMessageBatch over the
 * service's AWS JSON 1.0 protocol, with the MD5 of each body the SDK checks.
 */
export async function startSqsEmulator(options: SqsEmulatorOptions): Promise<SqsEmulator> {
  let queueUrl = '';
  const queue = new EmulatedQueue({
    name: options.queueName,
    arn: `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${options.queueName}`,
    consumer: options.consumer,
    maxReceiveCount: options.maxReceiveCount ?? 3,
    visibilityTimeoutMs: options.visibilityTimeoutMs ?? 1000,
    batchSize: options.batchSize ?? 10,
    log: options.log,
  });
  const server = createServer((req, res) => {
    respond(req, res, queueUrl, queue, options).catch((error: unknown) => {
      console.error('[sqs-emulator]', error);
      if (!res.headersSent) answer(res, { status: 500, type: 'InternalError', message: String(error) });
    });
  });
  const url = await listenOnLoopback(server, {});
  queueUrl = `${url}/${LOCAL_ACCOUNT_ID}/${options.queueName}`;
  return {
    url,
    queueUrl,
    env: { AWS_ENDPOINT_URL_SQS: url },
    deadLetters: () => queue.deadLetters(),
    drained: () => queue.drained(),
    stop: () =>
      new Promise<void>((resolve) => {
        queue.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers one request to the queue: signed, to this queue's URL, and an operation the emulator knows. */
async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  queueUrl: string,
  queue: EmulatedQueue,
  options: SqsEmulatorOptions,
): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
    return answer(res, {
      status: 400,
      type: 'MissingAuthenticationToken',
      message: 'Missing Authentication Token',
    });
  }
  const request = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Record<
    string,
    unknown
  >;
  if (request.QueueUrl !== queueUrl) {
    return answer(res, {
      status: 400,
      type: 'QueueDoesNotExist',
      message: 'The specified queue does not exist.',
    });
  }
  if (target === 'AmazonSQS.SendMessage') {
    const sent = sendMessage(queue, String(request.MessageBody ?? ''));
    if ('body' in sent) options.log?.(`sqs SendMessage ${options.queueName}`);
    return answer(res, sent);
  }
  if (target === 'AmazonSQS.SendMessageBatch') {
    const entries = (request.Entries ?? []) as { Id: string; MessageBody: string }[];
    const sent = sendMessageBatch(queue, entries);
    if ('body' in sent) options.log?.(`sqs SendMessageBatch ${options.queueName} ${entries.length}`);
    return answer(res, sent);
  }
  return answer(res, { status: 400, type: 'UnsupportedOperation', message: `${target} is not emulated` });
}

function sendMessage(queue: EmulatedQueue, body: string): SqsAnswer {
  if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES)
    return { status: 400, type: 'InvalidParameterValue', message: 'Message too long' };
  return { body: { MessageId: queue.send(body), MD5OfMessageBody: md5(body) } };
}

function sendMessageBatch(queue: EmulatedQueue, entries: { Id: string; MessageBody: string }[]): SqsAnswer {
  if (entries.length === 0 || entries.length > 10) {
    const type = entries.length === 0 ? 'EmptyBatchRequest' : 'TooManyEntriesInBatchRequest';
    return { status: 400, type, message: 'A batch holds 1 to 10 entries.' };
  }
  const total = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.MessageBody), 0);
  if (total > MAX_MESSAGE_BYTES) {
    return {
      status: 400,
      type: 'BatchRequestTooLong',
      message: 'Batch requests cannot be longer than 262144 bytes.',
    };
  }
  const Successful = entries.map((entry) => ({
    Id: entry.Id,
    MessageId: queue.send(entry.MessageBody),
    MD5OfMessageBody: md5(entry.MessageBody),
  }));
  return { body: { Successful, Failed: [] } };
}

function answer(res: ServerResponse, result: SqsAnswer): void {
  const headers = { 'content-type': JSON_1_0, 'x-amzn-requestid': randomUUID() };
  if ('body' in result) sendJson(res, 200, result.body, headers);
  else
    sendJson(
      res,
      result.status,
      { __type: `com.amazonaws.sqs#${result.type}`, message: result.message },
      headers,
    );
}
