import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import { IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { UserPartitionIdempotencyRecords } from '../data/idempotency-records';
import type { IdempotencyTable } from '../data/idempotency-table';
import { IDEMPOTENCY_SK_PREFIX } from '../data/keys';

/**
 * How long a write's answer is kept for its key (docs/rules.md#outages): a day, so a change that waited on a
 * phone through an evening offline is still applied once when it is sent again.
 */
export const IDEMPOTENCY_RECORD_SECONDS = 24 * 60 * 60;

/** Replayed answers say so, as Stripe's do. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * The key is the route and the client's `Idempotency-Key` (API Gateway lowercases header names); the record is
 * in the caller's partition, so her key can never meet another person's. The path and the body must be the
 * same on every retry: a key sent again with other content is refused (422).
 */
const config = new IdempotencyConfig({
  eventKeyJmesPath: `[requestContext.routeKey, headers."${headerName}"]`,
  payloadValidationJmesPath: '[rawPath, body]',
  expiresAfterSeconds: IDEMPOTENCY_RECORD_SECONDS,
  hashFunction: 'sha256',
  responseHook: (response) => {
    const answer = response as APIGatewayProxyStructuredResultV2;
    return { ...answer, headers: { ...answer.headers, [REPLAYED_HEADER]: 'true' } };
  },
});

export type IdempotentRequest = ReturnType<typeof makeHandlerIdempotent>;

/**
 * Powertools' idempotency middleware for one request of one person, over records in her partition. Loaded as the
 * function starts, not on its first request: every write the web sends carries a key, so a lazy load would only
 * move the cost into her first request, where a Lambda has less CPU than while it initialises.
 */
export function idempotentRequest(userId: string, table: IdempotencyTable): IdempotentRequest {
  return makeHandlerIdempotent({
    persistenceStore: new UserPartitionIdempotencyRecords(userId, table),
    config,
    keyPrefix: IDEMPOTENCY_SK_PREFIX,
  });
}
