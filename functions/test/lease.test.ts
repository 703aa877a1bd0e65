import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { startTestCloud, type TestCloud } from '@bloom/scripts/local-cloud/testing/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Leases (docs/rules.md#leases), and the items the three leased kinds wrote before leases were one module
 * (docs/decisions/0006-one-lease-module.md). The functions' modules are imported once the cloud has set the
 * table's address in the environment, as a Lambda container reads it when it starts. Every call takes its
 * time as an argument, so nothing here waits.
 */

let cloud: TestCloud;
let table: DynamoDBDocumentClient;
let lease: typeof import('../src/data/lease');
let idempotency: typeof import('../src/data/idempotency-table');
let request: typeof import('../src/http/idempotent-request');
let events: typeof import('../src/billing/event-claim');
let replyLock: typeof import('../src/coach/reply-lock');

beforeAll(async () => {
  cloud = await startTestCloud();
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  [lease, idempotency, request, events, replyLock] = await Promise.all([
    import('../src/data/lease'),
    import('../src/data/idempotency-table'),
    import('../src/http/idempotent-request'),
    import('../src/billing/event-claim'),
    import('../src/coach/reply-lock'),
  ]);
});
afterAll(() => cloud?.stop());

const now = new Date('2026-11-23T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY_SECONDS = 24 * 60 * 60;

const newKey = () => ({ pk: `LEASE#${randomUUID()}`, sk: 'LEASE' });
const put = (item: Record<string, unknown>) =>
  table.send(new PutCommand({ TableName: cloud.tableName, Item: item }));
const read = async (key: { pk: string; sk: string }) =>
  (await table.send(new GetCommand({ TableName: cloud.tableName, Key: key, ConsistentRead: true }))).Item;

/** A leased item of a second, kept a day. */
const leasedItem = (key: { pk: string; sk: string }, at: Date) => ({
  ...key,
  ...lease.newLease(at, 1000),
  expiresAt: seconds(at) + DAY_SECONDS,
});

describe('a lease', () => {
  it('is taken when absent, refused while held (with the holder’s item), and taken again once lapsed', async () => {
    const key = newKey();
    const first = leasedItem(key, now);
    expect(await lease.takeLease(first, now)).toEqual({
      taken: true,
      lease: { ...key, holder: first.leaseHolder },
    });
    const second = leasedItem(key, later(1000));
    expect(await lease.takeLease(second, later(1000))).toEqual({ taken: false, held: first });
    expect(await lease.takeLease(second, later(1001))).toMatchObject({ taken: true });
    expect(await read(key)).toEqual(second);
  });

  it('once finished, holds for good until it expires', async () => {
    const key = newKey();
    const first = leasedItem(key, now);
    await lease.takeLease(first, now);
    await lease.finishLease(key, { processedAt: now.toISOString() });
    expect(await read(key)).toEqual({ ...key, expiresAt: first.expiresAt, processedAt: now.toISOString() });
    const afterItsLease = later(60 * 60 * 1000);
    expect(await lease.takeLease(leasedItem(key, afterItsLease), afterItsLease)).toMatchObject({
      taken: false,
    });
    // DynamoDB's TTL deletes an expired item up to days late: expired is as good as absent.
    const expired = later((DAY_SECONDS + 1) * 1000);
    expect(await lease.takeLease(leasedItem(key, expired), expired)).toMatchObject({ taken: true });
  });

  it('is given back only by its holder, and not once finished', async () => {
    const key = newKey();
    const first = await lease.takeLease(leasedItem(key, now), now);
    const second = await lease.takeLease(leasedItem(key, later(1001)), later(1001));
    if (!first.taken || !second.taken) throw new Error('Both should have been taken');
    expect(await lease.releaseLease(first.lease)).toBe(false);
    expect((await read(key))?.leaseHolder).toBe(second.lease.holder);
    expect(await lease.releaseLease(second.lease)).toBe(true);
    expect(await read(key)).toBeUndefined();

    const third = await lease.takeLease(leasedItem(key, now), now);
    if (!third.taken) throw new Error('The key was free');
    await lease.finishLease(third.lease, { processedAt: now.toISOString() });
    expect(await lease.releaseLease(third.lease)).toBe(false);
    expect(await read(key)).toBeDefined();
  });
});

describe('items written before leases', () => {
  const event = (route: string) =>
    ({ requestContext: { routeKey: route }, rawPath: '/api/me', body: '{}' }) as never;

  it('an idempotency claim (inProgressExpiresAt, ms) holds its key until then', async () => {
    const keyed = request.idempotentRequestOf(randomUUID(), 'k1', event('PUT /api/me'));
    await put({
      pk: keyed.pk,
      sk: keyed.sk,
      status: 'INPROGRESS',
      inProgressExpiresAt: now.getTime() + 5000,
      expiresAt: seconds(now) + DAY_SECONDS,
      payloadHash: keyed.payloadHash,
    });
    const meanwhile = later(5000);
    const refused = await idempotency.idempotencyTable.claim(
      request.claimOf(keyed, meanwhile, 5000),
      meanwhile,
    );
    expect(refused).toMatchObject({ taken: false, held: { status: 'INPROGRESS' } });
    const after = later(5001);
    expect(
      await idempotency.idempotencyTable.claim(request.claimOf(keyed, after, 5000), after),
    ).toMatchObject({
      taken: true,
    });
  });

  it('an idempotency answer is replayed for a day, as before', async () => {
    const keyed = request.idempotentRequestOf(randomUUID(), 'k1', event('PUT /api/me'));
    await put({
      pk: keyed.pk,
      sk: keyed.sk,
      status: 'COMPLETED',
      expiresAt: seconds(now) + DAY_SECONDS,
      payloadHash: keyed.payloadHash,
      response: { statusCode: 200, body: '{}' },
    });
    const at = later(60 * 60 * 1000);
    const claim = await idempotency.idempotencyTable.claim(request.claimOf(keyed, at, 5000), at);
    if (claim.taken || !claim.held) throw new Error('The answer should hold the key');
    expect(request.answerToHeldKey(keyed, claim.held)).toMatchObject({ statusCode: 200, body: '{}' });
  });

  it('a Stripe event claim (claimedAt) lapses a minute after it was made; a processed one never', async () => {
    /** An event's claim as the webhook wrote it before leases, made now. */
    const oldClaim = async (processedAt?: string) => {
      const event = { id: `evt_${randomUUID()}`, type: 'invoice.paid' };
      await put({
        pk: `STRIPE_EVENT#${event.id}`,
        sk: 'EVENT',
        type: event.type,
        customerId: 'cus_1',
        claimedAt: now.toISOString(),
        ...(processedAt ? { processedAt } : {}),
        expiresAt: seconds(now) + 30 * DAY_SECONDS,
      });
      return event;
    };
    const unfinished = await oldClaim();
    expect(await events.claimEvent(unfinished, 'cus_1', later(events.CLAIM_LEASE_MS))).toBeUndefined();
    expect(await events.claimEvent(unfinished, 'cus_1', later(events.CLAIM_LEASE_MS + 1))).toBeDefined();
    const processed = await oldClaim(now.toISOString());
    expect(await events.claimEvent(processed, 'cus_1', later(DAY_SECONDS * 1000))).toBeUndefined();
  });

  it('a coach reply lock (lockedUntil, s) holds until that second', async () => {
    const userId = randomUUID();
    const until = seconds(now) + 30;
    await put({ pk: `USER#${userId}`, sk: 'COACHLOCK', token: 'old', lockedUntil: until, expiresAt: until });
    await expect(replyLock.withReplyLock(userId, later(30_000), async () => 'replied')).rejects.toMatchObject(
      {
        code: 'coach_reply_in_progress',
      },
    );
    expect(await replyLock.withReplyLock(userId, later(30_001), async () => 'replied')).toBe('replied');
  });
});
