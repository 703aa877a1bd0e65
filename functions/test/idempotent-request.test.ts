import { describe, expect, it } from 'vitest';
import type { ApiEvent } from '../src/http/api-handler';
import {
  answerOf,
  answerToHeldKey,
  claimOf,
  IDEMPOTENCY_RECORD_SECONDS,
  idempotentRequestOf,
  REPLAYED_HEADER,
} from '../src/http/idempotent-request';

const event = (routeKey: string, rawPath: string, body?: string) =>
  ({ requestContext: { routeKey }, rawPath, body }) as unknown as ApiEvent;
const now = new Date('2026-11-23T08:00:00Z');

describe('a keyed write', () => {
  const add = event('POST /api/weeks/{weekStart}/activities', '/api/weeks/2026-11-23/activities', '{"a":1}');

  it('is recorded in her partition under the route and her key, never another person’s or route’s', () => {
    const mine = idempotentRequestOf('u1', 'k1', add);
    expect(mine.pk).toBe('USER#u1');
    expect(mine.sk).toMatch(/^IDEMPOTENCY#[A-Za-z0-9+/]{43}=$/);
    expect(idempotentRequestOf('u2', 'k1', add).sk).toBe(mine.sk);
    expect(idempotentRequestOf('u2', 'k1', add).pk).not.toBe(mine.pk);
    expect(idempotentRequestOf('u1', 'k2', add).sk).not.toBe(mine.sk);
    expect(idempotentRequestOf('u1', 'k1', event('PATCH /api/me', '/api/me', '{"a":1}')).sk).not.toBe(
      mine.sk,
    );
  });

  it('is named and hashed exactly as Powertools idempotency named the records written before it', () => {
    // Powertools 2.35: `${prefix}#${sha256 base64 of JSON.stringify(the JMESPath result)}`, with
    // [requestContext.routeKey, headers."idempotency-key"] for the key and [rawPath, body] for the payload.
    expect(idempotentRequestOf('u1', 'k1', add)).toEqual({
      pk: 'USER#u1',
      sk: 'IDEMPOTENCY#ttNHhjYBOriZohJsHkUkNT/60V83/Uhy+Rr8AmV2mUg=',
      payloadHash: 'sFLFK/uEYgpKDQp2EFNxV7Ea1gVZ+sSttWkD0l/Dt6Q=',
    });
  });

  it('claims the key until its function times out, and keeps a success a day', () => {
    const request = idempotentRequestOf('u1', 'k1', add);
    const claim = claimOf(request, now, 5000);
    expect(claim).toEqual({
      ...request,
      status: 'INPROGRESS',
      leaseHolder: expect.any(String),
      leasedUntil: now.getTime() + 5000,
      expiresAt: now.getTime() / 1000 + IDEMPOTENCY_RECORD_SECONDS,
    });
    expect(claimOf(request, now, 5000).leaseHolder).not.toBe(claim.leaseHolder);
    const answer = answerOf(request, { statusCode: 201, body: '{}' }, now);
    expect(answer).toMatchObject({
      status: 'COMPLETED',
      expiresAt: now.getTime() / 1000 + IDEMPOTENCY_RECORD_SECONDS,
      response: { statusCode: 201, body: '{}' },
    });
    // A finished record keeps no lease: it holds the key until it expires.
    expect(answer).not.toHaveProperty('leasedUntil');
    expect(answer).not.toHaveProperty('leaseHolder');
  });

  it('sent again is answered with the kept answer, marked replayed', () => {
    const request = idempotentRequestOf('u1', 'k1', add);
    const held = answerOf(request, { statusCode: 201, headers: { a: 'b' }, body: '{}' }, now);
    expect(answerToHeldKey(request, held)).toEqual({
      statusCode: 201,
      headers: { a: 'b', [REPLAYED_HEADER]: 'true' },
      body: '{}',
    });
  });

  it('sent again while the first is running waits, and with other content is refused', () => {
    const request = idempotentRequestOf('u1', 'k1', add);
    expect(() => answerToHeldKey(request, claimOf(request, now, 5000))).toThrow(
      expect.objectContaining({ code: 'change_in_progress' }),
    );
    const other = idempotentRequestOf('u1', 'k1', event(add.requestContext.routeKey, add.rawPath, '{"a":2}'));
    expect(() => answerToHeldKey(other, answerOf(request, { statusCode: 201 }, now))).toThrow(
      expect.objectContaining({ code: 'idempotency_key_reused' }),
    );
    const elsewhere = idempotentRequestOf(
      'u1',
      'k1',
      event(add.requestContext.routeKey, '/api/weeks/2026-11-30/activities', '{"a":1}'),
    );
    expect(() => answerToHeldKey(elsewhere, answerOf(request, { statusCode: 201 }, now))).toThrow(
      expect.objectContaining({ code: 'idempotency_key_reused' }),
    );
  });
});
