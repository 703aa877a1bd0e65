import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from './client';

/**
 * Leases (docs/rules.md#leases): an item one request holds for a while, so that what it guards runs once at a
 * time. A keyed write's idempotency record, a Stripe event's claim and the coach's reply lock are leases.
 *
 * Time is stored one way: `leasedUntil`, epoch milliseconds, when the lease lapses; `leaseHolder`, a random id,
 * says whose it is, so that only its holder gives it back. Every leased item also carries the table's TTL
 * `expiresAt` (epoch seconds). A finished item (an idempotency record with its answer, a processed event) keeps
 * neither lease field: it holds until it expires.
 */
export interface LeaseFields {
  leaseHolder: string;
  leasedUntil: number;
}

export interface TableKey {
  pk: string;
  sk: string;
}

/** A lease taken: the item's key and the id of its holder. */
export interface Lease extends TableKey {
  holder: string;
}

/** What every leased item holds, besides whatever its kind keeps: its key, its lease and its TTL. */
export interface LeasedItem extends TableKey, LeaseFields {
  expiresAt: number;
}

/**
 * The outcome of taking a lease: taken, or held by the item the table returned (when it returned one; an item of
 * the same kind, perhaps in an older form).
 */
export type LeaseOutcome<Item> = { taken: true; lease: Lease } | { taken: false; held?: Item };

/**
 * The form in which a kind of item stored its time before leases were one module, and when such an item has
 * lapsed: an item written by the previous version of the functions is honoured as it was written.
 */
export interface LegacyLapse {
  condition: string;
  names?: Record<string, string>;
  values: Record<string, unknown>;
}

/** A new lease's fields: a holder of its own, and the time it lapses. */
export function newLease(now: Date, durationMs: number): LeaseFields {
  return { leaseHolder: randomUUID(), leasedUntil: now.getTime() + durationMs };
}

/** The TTL (epoch seconds) of an item that should go as soon as its lease has lapsed. */
export const expiresWith = (lease: LeaseFields) => Math.ceil(lease.leasedUntil / 1000);

/**
 * Puts the item, holding its lease, if no one else holds it: the item is absent, has expired (DynamoDB's TTL
 * deletes an item up to days late), or its lease has lapsed. One conditional PutItem; when it is refused, the
 * item that refused it comes back with the refusal, so the caller learns what holds it without a read.
 */
export async function takeLease<Item extends LeasedItem>(
  item: Item,
  now: Date,
  legacy?: LegacyLapse,
): Promise<LeaseOutcome<Item>> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: [
          'attribute_not_exists(pk) OR expiresAt < :leaseNowSeconds OR leasedUntil < :leaseNowMs',
          ...(legacy ? [`(${legacy.condition})`] : []),
        ].join(' OR '),
        ...(legacy?.names ? { ExpressionAttributeNames: legacy.names } : {}),
        ExpressionAttributeValues: {
          ':leaseNowSeconds': now.getTime() / 1000,
          ':leaseNowMs': now.getTime(),
          ...legacy?.values,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { taken: true, lease: { pk: item.pk, sk: item.sk, holder: item.leaseHolder } };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = (error as ConditionalCheckFailedException).Item;
    return old ? { taken: false, held: unmarshall(old) as Item } : { taken: false };
  }
}

/**
 * Ends the lease for good and keeps the item, with `set` written on it: it then holds until it expires.
 * Unconditional: the work is done, whoever holds the lease by now.
 */
export async function finishLease(key: TableKey, set: Record<string, string | number>): Promise<void> {
  const fields = Object.entries(set);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: key.pk, sk: key.sk },
      UpdateExpression: `SET ${fields.map((_, i) => `#set${i} = :set${i}`).join(', ')} REMOVE leasedUntil, leaseHolder`,
      ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#set${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], i) => [`:set${i}`, value])),
    }),
  );
}

/**
 * Gives the lease back (deletes the item) if it is still this holder's: one that lapsed and was taken by
 * another, or was finished, stays. True when it was given back.
 */
export async function releaseLease(lease: Lease): Promise<boolean> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: lease.pk, sk: lease.sk },
        ConditionExpression: 'leaseHolder = :holder',
        ExpressionAttributeValues: { ':holder': lease.holder },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** By name too: a refusal may come through another copy of the SDK's classes. */
const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error as Error).name === 'ConditionalCheckFailedException';
