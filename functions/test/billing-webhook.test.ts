import type { StripeEvent } from '@bloom/scripts/local-cloud/stripe/objects';
import { signatureHeader } from '@bloom/scripts/local-cloud/stripe/signature';
import { buildEvent, postEvent } from '@bloom/scripts/local-cloud/stripe/webhooks';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import { seededRandom } from '@bloom/shared/plan/random';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyStripeEvent } from '../src/billing/verify';
import { type BillingCloud, startBillingCloud } from './support/billing-cloud';
import type { TestUser } from './support/planner-cloud';

/**
 * The webhook: signature first, then the event id's idempotency record, then a sync of the customer's
 * subscriptions from Stripe, so that neither the order nor the number of deliveries can change the outcome.
 */

let cloud: BillingCloud;
beforeAll(async () => {
  cloud = await startBillingCloud({
    stripe: {
      webhooks: { delayMs: 0, shuffle: false, duplicateRate: 0 },
      random: seededRandom('billing-webhook'),
    },
  });
});
afterEach(async () => {
  cloud.stripe.webhooks?.dropHeld();
  cloud.stripe.configure({
    webhooks: { delayMs: 0, shuffle: false, duplicateRate: 0, hold: false, lose: [] },
    paymentConfirmationDelayMs: 0,
    failNextRequests: 0,
  });
  await cloud.settle();
});
afterAll(() => cloud?.stop());

const endpoint = () => ({ url: cloud.webhookUrl, secret: cloud.stripe.keys.webhookSecret });

/** Delivers one event, signed, and reads the webhook's answer. */
async function deliver(event: StripeEvent) {
  const payload = JSON.stringify(event, null, 2);
  return post(payload, { 'stripe-signature': signatureHeader(payload, endpoint().secret) });
}

async function post(body: string, headers: Record<string, string>) {
  return untilAdmitted(async () => {
    const response = await fetch(cloud.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

/**
 * The webhook route is throttled as API Gateway throttles it (20 a second, burst 40: THROTTLE_LIMITS), and this
 * file sends many events within seconds, some alongside the emulator's own deliveries. Stripe sends a delivery
 * refused with 429 again later; so do these helpers, so that a test sees what Bloom answered.
 */
async function untilAdmitted<T extends { status: number | null }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 429 || attempt === 40) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A user who paid while the webhooks were held: her three events of the payment, undelivered, and nothing of
 * them seen by Bloom yet (she is still free).
 */
async function paidWithEventsHeld(user: TestUser) {
  cloud.stripe.configure({ webhooks: { hold: true } });
  const { url } = await cloud.checkout(user, 'monthly');
  expect((await cloud.pay(url)).status).toBe(303);
  const customerId = await cloud.customerOf(user);
  cloud.stripe.webhooks?.dropHeld();
  const only = (type: string) => {
    const events = cloud.eventsFor(customerId, type);
    expect(events, type).toHaveLength(1);
    return events[0] as StripeEvent;
  };
  const created = only('customer.subscription.created');
  expect(created.data.object).toMatchObject({ status: 'incomplete' });
  const updated = only('customer.subscription.updated');
  expect(updated.data.object).toMatchObject({ status: 'active' });
  const completed = only('checkout.session.completed');
  expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'free' });
  return {
    customerId,
    events: {
      'customer.subscription.created': created,
      'customer.subscription.updated': updated,
      'checkout.session.completed': completed,
    } as Record<string, StripeEvent>,
  };
}

const TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'checkout.session.completed',
];
const ORDERS = TYPES.flatMap((a) =>
  TYPES.filter((b) => b !== a).flatMap((b) => TYPES.filter((c) => c !== a && c !== b).map((c) => [a, b, c])),
);

describe('event order', () => {
  it('has all six orders of the three events of a payment to try', () => {
    expect(new Set(ORDERS.map((order) => order.join())).size).toBe(6);
  });

  it.each(ORDERS)('%s, then %s, then %s, in the same second, ends Pro', async (...order) => {
    const user = await cloud.newUser();
    const { events } = await paidWithEventsHeld(user);
    // Stripe stamps a payment's events with one second: ordering by `created` cannot tell them apart.
    expect(new Set(Object.values(events).map((event) => event.created)).size).toBe(1);
    for (const type of order) {
      expect((await deliver(events[type] as StripeEvent)).body).toEqual({
        received: true,
        outcome: 'synced',
      });
    }
    expect(await cloud.profile(user)).toMatchObject({
      tier: 'pro',
      subscription: { status: 'active', plan: 'monthly', cancelAtPeriodEnd: false },
    });
  });

  it.each(ORDERS)('%s, %s and %s all at once end Pro', async (...order) => {
    const user = await cloud.newUser();
    const { events } = await paidWithEventsHeld(user);
    const answers = await Promise.all(order.map((type) => deliver(events[type] as StripeEvent)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'pro', subscriptionStatus: 'active' });
  });

  it('an event handled before the payment is confirmed stores incomplete (free); a later one brings Pro', async () => {
    cloud.stripe.configure({ paymentConfirmationDelayMs: 1500, webhooks: { hold: true } });
    const user = await cloud.newUser();
    const { url } = await cloud.checkout(user, 'yearly');
    expect((await cloud.pay(url)).status).toBe(303);
    const customerId = await cloud.customerOf(user);
    const [created] = cloud.eventsFor(customerId, 'customer.subscription.created') as [StripeEvent];
    expect((await deliver(created)).body.outcome).toBe('synced');
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: { status: 'incomplete' } });

    // The confirmation's own events, in any order, after the late-arriving created event again.
    await expect.poll(() => cloud.eventsFor(customerId, 'invoice.paid').length, { timeout: 5000 }).toBe(1);
    cloud.stripe.configure({ webhooks: { hold: false, shuffle: true } });
    await cloud.settle();
    expect(await cloud.profile(user)).toMatchObject({
      tier: 'pro',
      subscription: { status: 'active', plan: 'yearly' },
    });
  });

  it('Stripe delivering every payment shuffled, some twice, to several users at once, ends each of them Pro', async () => {
    cloud.stripe.configure({ webhooks: { shuffle: true, duplicateRate: 0.5, delayMs: 200 } });
    const users = await Promise.all([1, 2, 3, 4].map(() => cloud.newUser()));
    await Promise.all(
      users.map(async (user) => {
        const { url } = await cloud.checkout(user, 'monthly');
        expect((await cloud.pay(url)).status).toBe(303);
      }),
    );
    await cloud.settle();
    const deliveries = cloud.stripe.account.data.deliveries.slice(-60);
    expect(deliveries.some((delivery) => delivery.duplicate)).toBe(true);
    for (const user of users) {
      expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'pro', subscriptionStatus: 'active' });
    }
  });
});

describe('duplicates', () => {
  it('processes an event once, however often and however concurrently it arrives', async () => {
    const user = await cloud.newUser();
    const { events } = await paidWithEventsHeld(user);
    const event = events['customer.subscription.updated'] as StripeEvent;
    const before = (await cloud.storedProfile(user)).syncTicket ?? 0;

    const together = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    const again = await deliver(event);
    const outcomes = [...together, again].map((answer) => answer.body.outcome);
    expect(outcomes.filter((outcome) => outcome === 'synced')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(3);
    expect(together.concat(again).every((answer) => answer.status === 200)).toBe(true);
    // One sync: one ticket taken.
    expect(await cloud.storedProfile(user)).toMatchObject({ syncTicket: before + 1, tier: 'pro' });
  });

  it('gives the event back when the sync fails (Stripe unreachable: 500), so that the retry is processed', async () => {
    const user = await cloud.newUser();
    const { events } = await paidWithEventsHeld(user);
    const event = events['checkout.session.completed'] as StripeEvent;
    // More failures than the SDK's retries.
    cloud.stripe.configure({ failNextRequests: 3 });
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'free' });

    const retried = await deliver(event);
    expect(retried.body).toEqual({ received: true, outcome: 'synced' });
    expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'pro' });
  });

  it('retries a failed delivery itself until Bloom answers 2xx', async () => {
    cloud.stripe.configure({ webhooks: { retryDelaysMs: [100, 200, 400, 800], delayMs: 300 } });
    const user = await cloud.newUser();
    const { url } = await cloud.checkout(user, 'monthly');
    const before = cloud.stripe.account.data.deliveries.length;
    expect((await cloud.pay(url)).status).toBe(303);
    // Stripe is down for Bloom's syncs for a moment: each of the four syncing events fails (three tries of
    // the SDK each) and the webhook answers 500; Stripe's retries succeed.
    cloud.stripe.configure({ failNextRequests: 12 });
    await cloud.settle();
    const deliveries = cloud.stripe.account.data.deliveries.slice(before);
    expect(deliveries.every((delivery) => delivery.state === 'succeeded')).toBe(true);
    const retried = deliveries.filter((delivery) => delivery.attempts.length > 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((delivery) => delivery.attempts[0]?.status === 500)).toBe(true);
    expect(await cloud.storedProfile(user)).toMatchObject({ tier: 'pro' });
  });
});

describe('signatures', () => {
  /** A Pro user, and a forged event that would end her subscription if it were believed. */
  async function proUserAndForgery() {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user);
    const event = buildEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      Math.floor(Date.now() / 1000),
    );
    const before = await cloud.storedProfile(user);
    expect(before).toMatchObject({ tier: 'pro' });
    return { user, customerId, payload: JSON.stringify(event), before };
  }

  const secret = () => cloud.stripe.keys.webhookSecret;
  const forgeries: [string, (payload: string) => Record<string, string>, (payload: string) => string][] = [
    ['no Stripe-Signature header', () => ({}), (payload) => payload],
    [
      'a signature made with another secret',
      (payload) => ({ 'stripe-signature': signatureHeader(payload, 'whsec_somebody_else') }),
      (payload) => payload,
    ],
    [
      'a body altered after signing',
      (payload) => ({ 'stripe-signature': signatureHeader(payload, secret()) }),
      (payload) => payload.replace('"canceled"', '"active"'),
    ],
    [
      'a correct signature an hour old (a replayed capture)',
      (payload) => ({
        'stripe-signature': signatureHeader(payload, secret(), Math.floor(Date.now() / 1000) - 3600),
      }),
      (payload) => payload,
    ],
    ['a malformed header', () => ({ 'stripe-signature': 't=abc,v1=zzz' }), (payload) => payload],
  ];

  it.each(forgeries)(
    'answers 400 invalid_signature to %s and changes nothing',
    async (_case, headers, body) => {
      const { user, payload, before } = await proUserAndForgery();
      const response = await post(body(payload), headers(payload));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'invalid_signature' } });
      // Not even a sync ticket: nothing was asked of Stripe, nothing was written.
      expect(await cloud.storedProfile(user)).toEqual(before);
      expect(await cloud.profile(user)).toMatchObject({ tier: 'pro' });
    },
  );

  const malformed: [string, string][] = [
    ['a body that is not JSON', '{"id": "evt_1", "type": '],
    ['JSON that is not an object', '[]'],
    ['JSON null', 'null'],
    ['an object that is not an event', '{"hello": "world"}'],
    [
      'an event without its type',
      JSON.stringify({ id: 'evt_1', object: 'event', created: 1, data: { object: {} } }),
    ],
    [
      'an event whose data holds no object',
      JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: {} }),
    ],
    [
      'another kind of Stripe object',
      JSON.stringify({
        id: 'in_1',
        object: 'invoice',
        type: 'invoice.paid',
        created: 1,
        data: { object: {} },
      }),
    ],
  ];

  it.each(malformed)(
    'answers 400 invalid_payload to a correctly signed body that is %s, and changes nothing',
    async (_case, body) => {
      const { user, before } = await proUserAndForgery();
      const response = await post(body, { 'stripe-signature': signatureHeader(body, secret()) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: 'invalid_payload', message: ERRORS.invalid_payload.message },
      });
      expect(await cloud.storedProfile(user)).toEqual(before);
    },
  );

  it('answers invalid_signature, not invalid_payload, to a malformed body signed with another secret', async () => {
    const body = '{"id": "evt_1", "type": ';
    const response = await post(body, { 'stripe-signature': signatureHeader(body, 'whsec_somebody_else') });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_signature' } });
  });

  it('believes nothing a correctly signed event says: a "deleted" snapshot of a live subscription changes nothing', async () => {
    const { user, payload } = await proUserAndForgery();
    const response = await post(payload, { 'stripe-signature': signatureHeader(payload, secret()) });
    expect(response.body).toEqual({ received: true, outcome: 'synced' });
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro', subscription: { status: 'active' } });
  });

  it('acknowledges events Bloom does not act on, and events of customers Bloom never made', async () => {
    const unrelated = buildEvent('customer.created', { id: 'cus_x', object: 'customer' }, 1);
    expect((await deliver(unrelated)).body).toEqual({ received: true, outcome: 'ignored' });
    const stranger = buildEvent(
      'invoice.paid',
      { id: 'in_x', object: 'invoice', customer: 'cus_not_bloom' },
      Math.floor(Date.now() / 1000),
    );
    expect((await deliver(stranger)).body).toEqual({ received: true, outcome: 'ignored' });
  });

  it('accepts what the emulator itself sends (the SDK verifies its signatures)', async () => {
    const event = buildEvent('customer.created', { id: 'cus_y', object: 'customer' }, 1);
    expect(await untilAdmitted(() => postEvent(endpoint(), event))).toEqual({ status: 200 });
  });
});

describe('webhook body as API Gateway hands it over', () => {
  it('verifies a base64-encoded body against the bytes Stripe signed', async () => {
    const payload = JSON.stringify(
      buildEvent('invoice.paid', { id: 'in_456', object: 'invoice', note: 'Café 🌸' }, 1),
      null,
      2,
    );
    const signature = signatureHeader(payload, cloud.stripe.keys.webhookSecret);
    const event = await verifyStripeEvent({
      body: Buffer.from(payload, 'utf8').toString('base64'),
      isBase64Encoded: true,
      headers: { 'stripe-signature': signature },
    });
    expect(event.data.object).toMatchObject({ id: 'in_456', note: 'Café 🌸' });
  });

  it('refuses the same body re-serialised, since the signature covers the exact bytes', async () => {
    const payload = JSON.stringify(
      buildEvent('invoice.paid', { id: 'in_789', object: 'invoice' }, 1),
      null,
      2,
    );
    const signature = signatureHeader(payload, cloud.stripe.keys.webhookSecret);
    await expect(
      verifyStripeEvent({
        body: JSON.stringify(JSON.parse(payload)),
        isBase64Encoded: false,
        headers: { 'stripe-signature': signature },
      }),
    ).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});
