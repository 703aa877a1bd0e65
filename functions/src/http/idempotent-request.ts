import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { StoredIdempotencyRecord } from '../data/idempotency-table';
import { IDEMPOTENCY_SK_PREFIX, userPk } from '../data/keys';
import { type LeaseFields, newLease } from '../data/lease';
import { DomainError } from '../domain-error';
import type { ApiEvent } from './api-handler';

/**
 * How long a write's answer is kept for its key (docs/rules.md#idempotent-writes): a day, so a change that
 * waited on a phone through an evening offline is still applied once when it is sent again.
 */
export const IDEMPOTENCY_RECORD_SECONDS = 24 * 60 * 60;

/** Replayed answers say so, as Stripe's do. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** One keyed write of one person: where its record is, and what the request it was first sent with held. */
export interface IdempotentRequest {
  pk: string;
  sk: string;
  /** The path and the body: a key sent again with other content is refused. */
  payloadHash: string;
}

/**
 * SHA-256 in base64 of the value as JSON: the hash Powertools' idempotency wrote before this module replaced it,
 * so that records written then are still found.
 */
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64');

/**
 * The record is in the caller's partition and named by the route and her key, so her key can never meet another
 * person's nor another route's, and it goes with her account's items.
 */
export function idempotentRequestOf(userId: string, key: string, event: ApiEvent): IdempotentRequest {
  return {
    pk: userPk(userId),
    sk: `${IDEMPOTENCY_SK_PREFIX}#${sha256([event.requestContext?.routeKey, key])}`,
    payloadHash: sha256([event.rawPath, event.body ?? null]),
  };
}

/**
 * The claim a request makes before it runs: leased until its function's timeout (data/lease.ts), kept a day at
 * most.
 */
export function claimOf(
  request: IdempotentRequest,
  now: Date,
  remainingMs: number,
): StoredIdempotencyRecord & LeaseFields {
  return {
    pk: request.pk,
    sk: request.sk,
    status: 'INPROGRESS',
    expiresAt: expiresAt(now),
    ...newLease(now, remainingMs),
    payloadHash: request.payloadHash,
  };
}

/** A success's record: its answer, replayed to every retry with the key for a day; no lease, so it holds. */
export function answerOf(
  request: IdempotentRequest,
  response: APIGatewayProxyStructuredResultV2,
  now: Date,
): StoredIdempotencyRecord {
  return {
    pk: request.pk,
    sk: request.sk,
    status: 'COMPLETED',
    expiresAt: expiresAt(now),
    payloadHash: request.payloadHash,
    response,
  };
}

/**
 * A request whose key a live record holds (docs/rules.md#idempotent-writes): other content is refused, a
 * finished request's answer is replayed, and a request still running makes this one wait.
 */
export function answerToHeldKey(
  request: IdempotentRequest,
  held: StoredIdempotencyRecord,
): APIGatewayProxyStructuredResultV2 {
  if (held.payloadHash !== request.payloadHash) throw new DomainError('idempotency_key_reused');
  if (held.status !== 'COMPLETED') throw new DomainError('change_in_progress');
  const answer = held.response as APIGatewayProxyStructuredResultV2;
  return { ...answer, headers: { ...answer.headers, [REPLAYED_HEADER]: 'true' } };
}

/** Epoch seconds, the table's TTL attribute. */
function expiresAt(now: Date): number {
  return Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RECORD_SECONDS;
}
