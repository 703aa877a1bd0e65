import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import {
  type Lease,
  type LeaseFields,
  type LeaseOutcome,
  type LegacyLapse,
  releaseLease,
  takeLease,
} from './lease';

/** An idempotency record as the table holds it, in the caller's partition (http/idempotent-request.ts). */
export interface StoredIdempotencyRecord extends Partial<LeaseFields> {
  pk: string;
  sk: string;
  /** Claimed by a request still running (leased until its function times out), or finished with its answer. */
  status: 'INPROGRESS' | 'COMPLETED';
  /** Epoch seconds: the table's TTL attribute, so DynamoDB removes the record after it. */
  expiresAt: number;
  payloadHash?: string;
  response?: unknown;
}

/**
 * Claims written before leases (docs/decisions/0006-one-lease-module.md) kept their time in
 * `inProgressExpiresAt`, epoch milliseconds: such a claim holds the key until then, as it did. Removable once
 * the last of them has expired, a day after the change was deployed.
 */
const legacyClaimLapsed = (now: Date): LegacyLapse => ({
  condition: '#status = :inProgress AND inProgressExpiresAt < :legacyNowMs',
  names: { '#status': 'status' },
  values: { ':inProgress': 'INPROGRESS', ':legacyNowMs': now.getTime() },
});

/** The table's side of the idempotency records (http/idempotent-writes.ts says when each is written). */
export const idempotencyTable = {
  /** Claims the key unless a live record holds it: an unexpired answer, or a request still in progress. */
  claim(
    record: StoredIdempotencyRecord & LeaseFields,
    now: Date,
  ): Promise<LeaseOutcome<StoredIdempotencyRecord & LeaseFields>> {
    return takeLease(record, now, legacyClaimLapsed(now));
  },

  /** The finished answer replaces the claim: one Put, so the function needs no UpdateItem for it. */
  async replace(record: StoredIdempotencyRecord): Promise<void> {
    await documentClient.send(new PutCommand({ TableName: tableName(), Item: record }));
  },

  /** Deletes the claim of a refused request, unless it lapsed and another request holds the key now. */
  release(claim: Lease): Promise<boolean> {
    return releaseLease(claim);
  },
};
