import { IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { idempotencyTable } from '../data/idempotency-table';
import type { Lease } from '../data/lease';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import type { ApiEvent } from './api-handler';
import { callerFrom } from './caller';
import {
  answerOf,
  answerToHeldKey,
  claimOf,
  type IdempotentRequest,
  idempotentRequestOf,
} from './idempotent-request';

/** Keys are the client's UUIDs; anything else of reasonable length is accepted, nothing longer. */
const MAX_KEY_LENGTH = 255;

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

type Request = middy.Request<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>;

/** A request that claimed its key, and its claim, kept between its before and after. */
const ofRequest = new WeakMap<Request['internal'], { idempotent: IdempotentRequest; claim: Lease }>();

/**
 * Makes every write that carries an `Idempotency-Key` exactly-once for that key
 * (docs/rules.md#idempotent-writes): the request claims the key with one conditional write in the caller's
 * partition before it runs (idempotent-request.ts). Only successful answers (2xx) are kept and replayed: a refusal wrote nothing, so the
 * same request sent again is simply judged again. A GET, or a write without the header (an older client), runs
 * as it always did. The route table decides which writes keep records, not the client's header: only routes
 * that takesIdempotencyKey (routes.ts) are made with writeHandler, so deleting her account
 * (`repeatableByDesign`, its partition the record would outlive) never reaches this.
 */
export const idempotentWrites: middy.MiddlewareObj<
  ApiEvent,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context
> = {
  before: async (request) => {
    const event = request.event;
    const key = event.headers?.[headerName];
    if (event.requestContext?.http?.method === 'GET' || key === undefined) return;
    if (key.trim() === '' || key.length > MAX_KEY_LENGTH) throw new DomainError('invalid_idempotency_key');
    const idempotent = idempotentRequestOf(callerFrom(event).userId, key, event);
    const now = new Date();
    const claim = await idempotencyTable.claim(
      claimOf(idempotent, now, request.context.getRemainingTimeInMillis()),
      now,
    );
    if (claim.taken) {
      ofRequest.set(request.internal, { idempotent, claim: claim.lease });
      return undefined;
    }
    // DynamoDB returns the record that refused the claim; without one, the only safe answer is to wait and retry.
    if (!claim.held) throw new DomainError('change_in_progress');
    return answerToHeldKey(idempotent, claim.held);
  },
  after: async (request) => {
    const claimed = ofRequest.get(request.internal);
    if (!claimed) return;
    const { idempotent, claim } = claimed;
    const status = request.response?.statusCode ?? 500;
    const succeeded = status >= 200 && status < 300;
    // An outage answer (502, 503) may hide a write that still lands: the claim is kept until its function's
    // timeout has passed, so a retry meanwhile is told to wait (change_in_progress) rather than run again.
    if (!succeeded && status >= 502) return;
    // The change is written: its answer must be kept, or a retry after the claim lapses would apply it again.
    // The table answered a moment ago, so a failure here is most likely brief: try a few times. The request's
    // table budget bounds the attempts (docs/rules.md#outages): none outlasts her answer's due time.
    for (let attempt = 1; attempt <= (succeeded ? SAVE_ATTEMPTS : 1); attempt++) {
      try {
        if (succeeded && request.response)
          await idempotencyTable.replace(answerOf(idempotent, request.response, new Date()));
        else await idempotencyTable.release(claim);
        return;
      } catch (error) {
        log.error('Could not record the outcome of an idempotent request', { error, attempt });
      }
    }
  },
};

/** Attempts at keeping a success's answer. */
const SAVE_ATTEMPTS = 3;
