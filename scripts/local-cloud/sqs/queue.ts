import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { LOCAL_REGION } from '../dynamodb';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';

/** The Lambda that consumes a queue, as the event source mapping invokes it. */
export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

export interface QueueSettings {
  name: string;
  arn: string;
  consumer: QueueConsumer;
  /** Receives before a message moves to the dead-letter queue (the redrive policy's maxReceiveCount). */
  maxReceiveCount: number;
  /** How long a failed message stays invisible before it is received again. */
  visibilityTimeoutMs: number;
  /** Records per invocation (the event source mapping's batch size). */
  batchSize: number;
  log?: ((line: string) => void) | undefined;
}

interface Message {
  id: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * One queue and its Lambda event source mapping: messages are delivered to the consumer in batches, later and not
 * in order; a message the consumer reports failed (ReportBatchItemFailures) or that a thrown error fails is
 * received again after its visibility timeout, and after maxReceiveCount receives goes to the dead-letter queue.
 */
export class EmulatedQueue {
  private readonly waiting: Message[] = [];
  private readonly dead: Message[] = [];
  /** Messages being consumed, or invisible until their visibility timeout. */
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly settings: QueueSettings) {}

  /** Takes a message in; its id, as SendMessage answers it. */
  send(body: string): string {
    const message: Message = { id: randomUUID(), body, receiveCount: 0, sentAt: Date.now() };
    this.waiting.push(message);
    this.schedulePoll(0);
    return message.id;
  }

  /** Messages that failed maxReceiveCount times. */
  deadLetters(): { body: string; receiveCount: number }[] {
    return this.dead.map((message) => ({ body: message.body, receiveCount: message.receiveCount }));
  }

  /** Resolves when no message is waiting or being processed. */
  drained(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.idleWaiters.push(resolve);
      this.settle();
    });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  private schedulePoll(delayMs: number): void {
    if (this.stopped) return;
    this.later(delayMs, () => void this.poll());
  }

  private later(delayMs: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    this.timers.add(timer);
  }

  /** Takes up to batchSize messages, in no promised order, and invokes the consumer with them. */
  private async poll(): Promise<void> {
    if (this.waiting.length === 0) return this.settle();
    const batch = this.waiting.splice(0, this.settings.batchSize).sort(() => Math.random() - 0.5);
    this.inFlight += batch.length;
    for (const message of batch) message.receiveCount++;
    const failedIds = await this.consume(batch);
    for (const message of batch.filter((candidate) => failedIds.has(candidate.id))) this.failed(message);
    this.inFlight -= batch.length;
    if (this.waiting.length > 0) this.schedulePoll(0);
    this.settle();
  }

  /** The ids of the batch's messages that failed: those the consumer reported, or all when it threw. */
  private async consume(batch: Message[]): Promise<Set<string>> {
    try {
      const response = await this.settings.consumer({
        Records: batch.map((message) => this.record(message)),
      });
      return new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      this.settings.log?.(`sqs consumer failed: ${String(error)}`);
      return new Set(batch.map((message) => message.id));
    }
  }

  /** A failed message goes to the dead letters after its last receive, else is received again later. */
  private failed(message: Message): void {
    if (message.receiveCount >= this.settings.maxReceiveCount) {
      this.dead.push(message);
      return;
    }
    this.inFlight++;
    this.later(this.settings.visibilityTimeoutMs, () => {
      this.inFlight--;
      this.waiting.push(message);
      void this.poll();
    });
  }

  private settle(): void {
    if (this.waiting.length > 0 || this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private record(message: Message): SQSRecord {
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
      eventSourceARN: this.settings.arn,
      awsRegion: LOCAL_REGION,
    };
  }
}
