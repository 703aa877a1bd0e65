import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from './client';

/** An idempotency record as the table holds it, in the caller's partition (http/idempotent-request.ts). */
export interface StoredIdempotencyRecord {
  pk: string;
  sk: string;
  /** Claimed by a request still running, or finished with the answer it keeps. */
  status: 'INPROGRESS' | 'COMPLETED';
  /** Epoch seconds: the table's TTL attribute, so DynamoDB removes the record after it. */
  expiresAt?: number;
  /** Epoch milliseconds after which an unfinished request no longer holds the key (its function has timed out). */
  inProgressExpiresAt?: number;
  payloadHash?: string;
  response?: unknown;
}

type Key = Pick<StoredIdempotencyRecord, 'pk' | 'sk'>;

/** A claim's outcome: the key was free, or a live record holds it (the one the table returned, if any). */
export type ClaimOutcome = { claimed: true } | { claimed: false; existing?: StoredIdempotencyRecord };

/** The table's side of the idempotency records (http/idempotent-writes.ts says when each is written). */
export const idempotencyTable = {
  /** Claims the key unless a live record holds it: an unexpired answer, or a request still in progress. */
  async claim(record: StoredIdempotencyRecord): Promise<ClaimOutcome> {
    const now = Date.now();
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: record,
          ConditionExpression:
            'attribute_not_exists(sk) OR expiresAt < :now OR (#status = :inProgress AND inProgressExpiresAt < :nowMs)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now / 1000, ':nowMs': now, ':inProgress': 'INPROGRESS' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { claimed: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return error.Item
        ? { claimed: false, existing: unmarshall(error.Item) as StoredIdempotencyRecord }
        : { claimed: false };
    }
  },

  /** The finished answer replaces the claim: one Put, so the function needs no UpdateItem for it. */
  async replace(record: StoredIdempotencyRecord): Promise<void> {
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: record }));
  },

  async delete(key: Key): Promise<void> {
    await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: key }));
  },
};

export type IdempotencyTable = typeof idempotencyTable;
