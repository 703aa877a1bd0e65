import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient } from './client';

type Sender = Pick<typeof documentClient, 'send'>;

export interface CancellationReason {
  code: string;
  /** The item as it was, when the request asked for ALL_OLD on a failed condition. */
  item?: Record<string, unknown>;
}

/** One item of a transaction: a Put, Update, Delete or ConditionCheck. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction refused because one of its conditions failed (not a conflict): the caller decides. */
export class TransactionRefused extends Error {
  constructor(
    /** One reason per item, in request order. */
    readonly reasons: CancellationReason[],
    /** The items' names in request order, when transactWriteNamed sent them. */
    private readonly itemNames: readonly string[] = [],
  ) {
    super('Transaction condition failed');
    this.name = 'TransactionRefused';
  }

  /** The reason of the item sent under `name`, if its own condition is one that failed. */
  conditionFailedOn(name: string): CancellationReason | undefined {
    const index = this.itemNames.indexOf(name);
    const reason = index === -1 ? undefined : this.reasons[index];
    return reason?.code === 'ConditionalCheckFailed' ? reason : undefined;
  }
}

export interface TransactOptions {
  client?: Sender;
  maxAttempts?: number;
  baseDelayMs?: number;
}

/**
 * TransactWriteItems with retries on TransactionConflict, which real DynamoDB answers when another request
 * touches the same items at once (DynamoDB Local never does: it runs transactions one at a time). A failed
 * condition is not retried: it becomes TransactionRefused with each item's reason, in request order.
 */
export async function transactWrite(
  input: TransactWriteCommandInput,
  options: TransactOptions = {},
): Promise<void> {
  const client = options.client ?? documentClient;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (
        !(error instanceof TransactionCanceledException) &&
        (error as Error).name !== 'TransactionCanceledException'
      )
        throw error;
      const reasons = readReasons(error as TransactionCanceledException);
      const conflicted = reasons.some((reason) => reason.code === 'TransactionConflict');
      const refused = reasons.some((reason) => reason.code === 'ConditionalCheckFailed');
      if (refused) throw new TransactionRefused(reasons);
      if (!conflicted || attempt >= maxAttempts) throw error;
      // Full jitter: spread retries of competing requests apart.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * baseDelayMs * 2 ** attempt));
    }
  }
}

/**
 * transactWrite over named items (an undefined item is left out). DynamoDB gives one cancellation reason per
 * item in request order; the reasons are read back in the order the items were sent, so a caller asks
 * `conditionFailedOn('nameGuard')` and no reordering of the items can pin a refusal on the wrong one.
 */
export async function transactWriteNamed(
  items: Readonly<Record<string, TransactItem | undefined>>,
  options: TransactOptions = {},
): Promise<void> {
  const sent = Object.entries(items).filter(
    (entry): entry is [string, TransactItem] => entry[1] !== undefined,
  );
  try {
    await transactWrite({ TransactItems: sent.map(([, item]) => item) }, options);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    throw new TransactionRefused(
      error.reasons,
      sent.map(([name]) => name),
    );
  }
}

function readReasons(error: TransactionCanceledException): CancellationReason[] {
  return (error.CancellationReasons ?? []).map((reason) => ({
    code: reason.Code ?? 'None',
    // biome-ignore lint/suspicious/noExplicitAny: the SDK types the raw item as AttributeValue records
    ...(reason.Item ? { item: unmarshall(reason.Item as any) } : {}),
  }));
}
