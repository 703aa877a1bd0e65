import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StripeEmulator, startStripeEmulator } from '@bloom/scripts/local-cloud/stripe/emulator';
import { seededRandom } from '@bloom/shared/plan/random';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * The local Stripe seen through the official SDK, the way Bloom's handlers and a developer's scripts see it, and
 * through a webhook receiver that answers as a test tells it to.
 */

interface Received {
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}

let emulator: StripeEmulator;
let received: Received[];
/** The receiver's answer to each delivery; 200 unless a test says otherwise. */
let answer: (event: Received['event']) => number;
let closeReceiver: () => Promise<void>;

const QUIET = { delayMs: 0, shuffle: false, duplicateRate: 0, hold: false, lose: [] };

beforeAll(async () => {
  received = [];
  answer = () => 200;
  const receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const event = JSON.parse(body) as Received['event'];
    received.push({ at: Date.now(), headers: req.headers, body, event });
    res.writeHead(answer(event)).end('{}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closeReceiver = () => new Promise((resolve) => receiver.close(() => resolve()));
  emulator = await startStripeEmulator({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
    webhooks: { ...QUIET, retryDelaysMs: [50, 100, 200] },
    random: seededRandom('stripe-emulator'),
  });
});
afterEach(async () => {
  emulator.webhooks?.dropHeld();
  emulator.configure({
    webhooks: QUIET,
    apiLatencyMs: 0,
    paymentConfirmationDelayMs: 0,
    failNextRequests: 0,
  });
  await emulator.webhooks?.idle();
  answer = () => 200;
});
afterAll(async () => {
  await emulator?.stop();
  await closeReceiver?.();
});

function sdk(key = emulator.keys.secretKey, maxNetworkRetries = 0): Stripe {
  const base = new URL(emulator.url);
  return new Stripe(key, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    maxNetworkRetries,
  });
}

async function priceId(lookupKey: string) {
  const prices = await sdk().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  return prices.data[0]?.id as string;
}

async function pay(url: string, number = '4242424242424242') {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '01/40', cvc: '999', name: 'Inès' }).toString(),
    redirect: 'manual',
  });
}

async function paidSession(plan: 'monthly' | 'yearly' = 'monthly', on: { test_clock?: string } = {}) {
  const customer = await sdk().customers.create({ email: 'ines@example.com', name: 'Inès', ...on });
  const session = await sdk().checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'user-1',
    line_items: [{ price: await priceId(`bloom_pro_${plan}`), quantity: 1 }],
    success_url: 'https://bloom.example/?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: `https://bloom.example/pricing?plan=${plan}`,
    subscription_data: { metadata: { userId: 'user-1' } },
  });
  const paid = await pay(session.url as string);
  const subscriptionId = emulator.account.data.sessions[session.id]?.subscription as string;
  return { customer, session, paid, subscriptionId };
}

const eventsOf = (customerId: string) =>
  received.filter((entry) => entry.event.data.object.customer === customerId).map((entry) => entry.event);

describe('API', () => {
  it('finds Bloom Pro by lookup key: EUR 6.99 a month and EUR 49.99 a year', async () => {
    const monthly = await sdk().prices.list({ lookup_keys: ['bloom_pro_monthly'], active: true });
    const yearly = await sdk().prices.list({ lookup_keys: ['bloom_pro_yearly'] });
    expect(monthly.data).toEqual([
      expect.objectContaining({
        unit_amount: 699,
        currency: 'eur',
        recurring: expect.objectContaining({ interval: 'month' }),
      }),
    ]);
    expect(yearly.data).toEqual([
      expect.objectContaining({ unit_amount: 4999, currency: 'eur', lookup_key: 'bloom_pro_yearly' }),
    ]);
    expect((await sdk().prices.list({ lookup_keys: ['nobody'] })).data).toEqual([]);
  });

  it('takes a payment as Stripe does: incomplete, invoice paid, then active, and the session complete', async () => {
    const { customer, session, paid, subscriptionId } = await paidSession('yearly');
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', amount_total: 4999 });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://bloom.example/?checkout=success&session_id=${session.id}`,
    );

    const completed = await sdk().checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = await sdk().subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { userId: 'user-1' },
    });
    expect(subscription.items.data[0]?.price.lookup_key).toBe('bloom_pro_yearly');
    const invoices = await sdk().invoices.list({ customer: customer.id, status: 'paid' });
    expect(invoices.data).toEqual([
      expect.objectContaining({ amount_paid: 4999, billing_reason: 'subscription_create', status: 'paid' }),
    ]);
    expect(invoices.data[0]?.status_transitions.paid_at).toEqual(expect.any(Number));
    const payments = await sdk().invoicePayments.list({
      invoice: invoices.data[0]?.id as string,
      status: 'paid',
    });
    expect(payments.data[0]?.payment).toMatchObject({
      type: 'payment_intent',
      payment_intent: expect.stringMatching(/^pi_/),
    });

    await emulator.webhooks?.idle();
    const types = eventsOf(customer.id).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    const created = eventsOf(customer.id).find((event) => event.type === 'customer.subscription.created');
    expect(created?.data.object.status).toBe('incomplete');
    const updated = eventsOf(customer.id).find((event) => event.type === 'customer.subscription.updated');
    expect(updated?.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'incomplete' },
    });
  });

  it('leaves the subscription incomplete until a delayed payment confirms', async () => {
    emulator.configure({ paymentConfirmationDelayMs: 300 });
    const { session, subscriptionId } = await paidSession();
    expect((await sdk().subscriptions.retrieve(subscriptionId)).status).toBe('incomplete');
    expect((await sdk().checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
    await expect.poll(async () => (await sdk().subscriptions.retrieve(subscriptionId)).status).toBe('active');
    await emulator.webhooks?.idle();
    expect(received.some((entry) => entry.event.type === 'checkout.session.async_payment_succeeded')).toBe(
      true,
    );
  });

  it("lists a customer's subscriptions (status=all includes ended ones) page by page", async () => {
    const { customer, subscriptionId } = await paidSession();
    const second = await sdk().checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: await priceId('bloom_pro_yearly') }],
      success_url: 'https://bloom.example/',
    });
    await pay(second.url as string);
    await sdk().subscriptions.cancel(subscriptionId);
    const live = await sdk().subscriptions.list({ customer: customer.id });
    expect(live.data.map((subscription) => subscription.status)).toEqual(['active']);
    const all = await sdk()
      .subscriptions.list({ customer: customer.id, status: 'all', limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((subscription) => subscription.status)).toEqual(['active', 'canceled']);
    const sessions = await sdk().checkout.sessions.list({ customer: customer.id, limit: 10 });
    expect(sessions.data.map((session) => session.id)[0]).toBe(second.id);
  });

  it('updates a subscription: cancel at period end and undo, each with the event naming what changed', async () => {
    const { subscriptionId } = await paidSession();
    await emulator.webhooks?.idle();
    const before = received.length;
    const cancelling = await sdk().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    const resumed = await sdk().subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(resumed.cancel_at_period_end).toBe(false);
    await emulator.webhooks?.idle();
    expect(
      received
        .slice(before)
        .map((entry) => [
          entry.event.type,
          (entry.event.data as { previous_attributes?: unknown }).previous_attributes,
        ]),
    ).toEqual([
      ['customer.subscription.updated', expect.objectContaining({ cancel_at_period_end: false })],
      ['customer.subscription.updated', expect.objectContaining({ cancel_at_period_end: true })],
    ]);
    await expect(
      sdk().subscriptions.update(subscriptionId, { description: 'x' } as never),
    ).rejects.toMatchObject({
      param: 'description',
    });
  });

  it('cancels now with DELETE, and refuses to cancel twice', async () => {
    const { subscriptionId } = await paidSession();
    const cancelled = await sdk().subscriptions.cancel(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'canceled' });
    expect(cancelled.ended_at).toEqual(expect.any(Number));
    await expect(sdk().subscriptions.cancel(subscriptionId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('deletes a customer as Stripe does: live subscriptions cancelled, retrievable as deleted, nothing more after', async () => {
    const { customer: created, subscriptionId } = await paidSession();
    const customer = created.id;
    const deleted = await sdk().customers.del(customer);
    expect(deleted).toEqual({ id: customer, object: 'customer', deleted: true });
    expect(await sdk().subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await sdk().customers.retrieve(customer)).toMatchObject({ id: customer, deleted: true });
    const types = emulator.account.data.events
      .filter(
        (event) =>
          (event.data.object as { id?: string; customer?: string }).customer === customer ||
          (event.data.object as { id?: string }).id === customer,
      )
      .map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['customer.subscription.deleted', 'customer.deleted']));
    await expect(sdk().customers.del(customer)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      sdk().billingPortal.sessions.create({ customer, return_url: 'https://bloom.example/' }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refunds a payment in full or in part, never more than was paid', async () => {
    const { customer } = await paidSession('yearly');
    const [invoice] = (await sdk().invoices.list({ customer: customer.id })).data;
    const [payment] = (await sdk().invoicePayments.list({ invoice: invoice?.id as string })).data;
    const intent = payment?.payment.payment_intent as string;
    const part = await sdk().refunds.create({
      payment_intent: intent,
      amount: 1000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: intent,
    });
    await expect(sdk().refunds.create({ payment_intent: intent, amount: 5000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    const rest = await sdk().refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(3999);
    await expect(sdk().refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const charge = await sdk().charges.retrieve(rest.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 4999, refunded: true });
    await emulator.webhooks?.idle();
    expect(eventsOf(customer.id).filter((event) => event.type === 'charge.refunded')).toHaveLength(2);
  });

  it('expires an open Checkout Session, and only an open one', async () => {
    const session = await sdk().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: await priceId('bloom_pro_monthly') }],
      success_url: 'https://bloom.example/',
    });
    expect((await sdk().checkout.sessions.expire(session.id)).status).toBe('expired');
    await expect(sdk().checkout.sessions.expire(session.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    expect((await pay(session.url as string)).status).toBe(410);
  });

  it('answers a repeated idempotency key with the first result, refuses it with other parameters, and 409s while the first runs', async () => {
    const key = `customer-${Date.now()}`;
    const first = await sdk().customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    const second = await sdk().customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    await expect(
      sdk().customers.create({ email: 'twice@example.com' }, { idempotencyKey: key }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });

    emulator.configure({ apiLatencyMs: 200 });
    const raw = (idempotencyKey: string) =>
      fetch(`${emulator.url}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${emulator.keys.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body: 'email=race%40example.com',
      });
    const racing = `race-${Date.now()}`;
    const [a, b] = await Promise.all([
      raw(racing),
      new Promise((r) => setTimeout(r, 20)).then(() => raw(racing)),
    ]);
    expect([a.status, b.status]).toEqual([200, 409]);
    expect(b.headers.get('stripe-should-retry')).toBe('true');
    // The SDK retries a 409, and gets the one customer.
    const sdkRace = `race-sdk-${Date.now()}`;
    const [c, d] = await Promise.all([
      sdk(undefined, 2).customers.create({ email: 'r@example.com' }, { idempotencyKey: sdkRace }),
      sdk(undefined, 2).customers.create({ email: 'r@example.com' }, { idempotencyKey: sdkRace }),
    ]);
    expect(c.id).toBe(d.id);
  });

  it("answers Stripe's errors: wrong key, unknown objects, missing parameters, an outage", async () => {
    await expect(sdk('sk_test_wrong_key_123456').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(
      sdk().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'https://bloom.example/',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]', statusCode: 400 });
    await expect(sdk().customers.retrieve('cus_nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      sdk().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: await priceId('bloom_pro_monthly') }],
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'success_url' });
    await expect(
      sdk().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: await priceId('bloom_pro_monthly'), quantity: 1 }],
        success_url: 'https://bloom.example/',
        locale: 'klingon' as 'de',
      }),
    ).rejects.toMatchObject({ code: 'parameter_invalid', param: 'locale', statusCode: 400 });
    emulator.configure({ failNextRequests: 1 });
    await expect(sdk().customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((await sdk().customers.create({})).object).toBe('customer');
  });
});

describe('webhooks', () => {
  it('signs each delivery so that stripe.webhooks.constructEvent accepts it, and only with the right secret', async () => {
    const before = received.length;
    await paidSession();
    await emulator.webhooks?.idle();
    const deliveries = received.slice(before);
    expect(deliveries.length).toBeGreaterThan(3);
    for (const delivery of deliveries) {
      const event = Stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers['stripe-signature'] as string,
        emulator.keys.webhookSecret,
      );
      expect(event.id).toBe(delivery.event.id);
    }
    expect(() =>
      Stripe.webhooks.constructEvent(
        deliveries[0]?.body ?? '',
        deliveries[0]?.headers['stripe-signature'] as string,
        'whsec_other',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('delivers after the browser is sent back, after the configured delay', async () => {
    emulator.configure({ webhooks: { delayMs: 400 } });
    const before = received.length;
    const started = Date.now();
    const { paid, customer } = await paidSession();
    expect(paid.status).toBe(303);
    expect(received.length).toBe(before);
    await emulator.webhooks?.idle();
    const first = received.slice(before).find((entry) => entry.event.data.object.customer === customer.id);
    expect((first?.at ?? 0) - started).toBeGreaterThanOrEqual(400);
  });

  it('shuffles the events of a change and delivers some twice when told to', async () => {
    emulator.configure({ webhooks: { shuffle: true, duplicateRate: 1 } });
    const before = received.length;
    const eventsBefore = emulator.account.data.events.length;
    await paidSession();
    await emulator.webhooks?.idle();
    const events = received.slice(before).map((entry) => entry.event);
    const emitted = emulator.account.data.events.slice(eventsBefore);
    // Every event twice, with the same id.
    expect(events).toHaveLength(emitted.length * 2);
    expect(new Set(events.map((event) => event.id)).size).toBe(emitted.length);
    // And not in the order they were emitted (the seeded shuffle of this run).
    const firstSeen = [...new Set(events.map((event) => event.id))];
    expect(firstSeen).not.toEqual(emitted.map((event) => event.id));
  });

  it('retries any answer but a 2xx, a 4xx too, with growing waits', async () => {
    let failures = 2;
    answer = () => (failures-- > 0 ? 400 : 200);
    const before = emulator.account.data.deliveries.length;
    await sdk().customers.create({ email: 'retry@example.com' });
    await emulator.webhooks?.idle();
    const [delivery] = emulator.account.data.deliveries.slice(before);
    expect(delivery).toMatchObject({ type: 'customer.created', state: 'succeeded' });
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([400, 400, 200]);
    const [a, b, c] = delivery?.attempts.map((attempt) => attempt.at) ?? [];
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(45);
    expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(95);
  });

  it('gives up once the schedule is spent', async () => {
    answer = () => 500;
    const before = emulator.account.data.deliveries.length;
    await sdk().customers.create({ email: 'down@example.com' });
    await emulator.webhooks?.idle();
    const [delivery] = emulator.account.data.deliveries.slice(before);
    expect(delivery).toMatchObject({ state: 'failed' });
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500]);
  });

  it('loses the event types it is told to lose, and holds deliveries until released', async () => {
    emulator.configure({ webhooks: { lose: ['customer.created'], hold: true } });
    const before = received.length;
    const customer = await sdk().customers.create({ email: 'held@example.com' });
    await sdk().subscriptions.list({ customer: customer.id });
    expect(emulator.account.data.deliveries.at(-1)).toMatchObject({
      type: 'customer.created',
      state: 'lost',
    });
    await emulator.webhooks?.idle();
    expect(received.length).toBe(before);

    emulator.configure({ webhooks: { lose: [] } });
    const second = await sdk().customers.create({ email: 'held2@example.com' });
    expect(emulator.account.data.deliveries.at(-1)).toMatchObject({ state: 'held' });
    emulator.configure({ webhooks: { hold: false } });
    await emulator.webhooks?.idle();
    expect(received.slice(before).map((entry) => entry.event.data.object.id)).toEqual([second.id]);
  });
});

describe('test clocks', () => {
  /** 15 January 2031, 09:00 UTC: a clock may stand at any time, past or future. */
  const START = Math.floor(Date.UTC(2031, 0, 15, 9) / 1000);

  async function ready(clockId: string) {
    await expect
      .poll(async () => (await sdk().testHelpers.testClocks.retrieve(clockId)).status)
      .toBe('ready');
    await emulator.webhooks?.idle();
  }

  it("is her time: what is hers starts at its frozen time and moves only as it advances, in order, with Stripe's events", async () => {
    const clock = await sdk().testHelpers.testClocks.create({ frozen_time: START, name: 'renewals' });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      frozen_time: START,
      name: 'renewals',
      status: 'ready',
      livemode: false,
    });
    const renewing = await paidSession('monthly', { test_clock: clock.id });
    const ending = await paidSession('monthly', { test_clock: clock.id });
    const elsewhere = await paidSession('monthly');
    await sdk().subscriptions.update(ending.subscriptionId, { cancel_at_period_end: true });
    expect(renewing.customer.test_clock).toBe(clock.id);
    const expanded = await sdk().customers.retrieve(renewing.customer.id, { expand: ['test_clock'] });
    expect(expanded).toMatchObject({ test_clock: { id: clock.id, frozen_time: START } });
    const subscription = await sdk().subscriptions.retrieve(renewing.subscriptionId);
    expect(subscription).toMatchObject({ start_date: START, test_clock: clock.id, status: 'active' });
    const [first] = (await sdk().invoices.list({ customer: renewing.customer.id })).data;
    expect(first?.status_transitions.paid_at).toBe(START);

    const end = subscription.items.data[0]?.current_period_end as number;
    const advancing = await sdk().testHelpers.testClocks.advance(clock.id, { frozen_time: end + 60 });
    // Stripe answers at once; the clock gets there a little later.
    expect(advancing).toMatchObject({
      status: 'advancing',
      frozen_time: START,
      status_details: { advancing: { target_frozen_time: end + 60 } },
    });
    await ready(clock.id);
    expect((await sdk().testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(end + 60);

    const renewed = await sdk().subscriptions.retrieve(renewing.subscriptionId);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(end);
    const invoices = (await sdk().invoices.list({ customer: renewing.customer.id })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status_transitions.paid_at])).toEqual([
      ['subscription_cycle', end],
      ['subscription_create', START],
    ]);
    expect(await sdk().subscriptions.retrieve(ending.subscriptionId)).toMatchObject({
      status: 'canceled',
      ended_at: end,
    });
    expect(eventsOf(ending.customer.id).map((event) => event.type)).toContain(
      'customer.subscription.deleted',
    );
    const clockEvents = received
      .filter((entry) => entry.event.data.object.id === clock.id)
      .map((entry) => entry.event.type);
    expect(clockEvents).toEqual(
      expect.arrayContaining([
        'test_helpers.test_clock.created',
        'test_helpers.test_clock.advancing',
        'test_helpers.test_clock.ready',
      ]),
    );
    // A customer on no clock follows real time: the advance did nothing of hers.
    expect((await sdk().subscriptions.retrieve(elsewhere.subscriptionId)).test_clock).toBeNull();
    expect((await sdk().invoices.list({ customer: elsewhere.customer.id })).data).toHaveLength(1);
  });

  it('refuses to go back, to advance while advancing, and to go further than two intervals of its shortest subscription', async () => {
    const clock = await sdk().testHelpers.testClocks.create({ frozen_time: START });
    await paidSession('yearly', { test_clock: clock.id });
    const advance = (to: number) => sdk().testHelpers.testClocks.advance(clock.id, { frozen_time: to });
    await expect(advance(START)).rejects.toMatchObject({ param: 'frozen_time' });
    await expect(advance(START + 3 * 365 * 86_400)).rejects.toMatchObject({ param: 'frozen_time' });
    await paidSession('monthly', { test_clock: clock.id });
    // Two months now, the monthly one being the shortest.
    await expect(advance(START + 70 * 86_400)).rejects.toMatchObject({ param: 'frozen_time' });
    await advance(START + 50 * 86_400);
    await expect(advance(START + 51 * 86_400)).rejects.toThrow(/already advancing/);
    await ready(clock.id);
  });

  it('expires a subscription whose first payment never confirms within 23 hours of its clock', async () => {
    const clock = await sdk().testHelpers.testClocks.create({ frozen_time: START });
    emulator.configure({ paymentConfirmationDelayMs: 60_000 });
    const { subscriptionId } = await paidSession('monthly', { test_clock: clock.id });
    await sdk().testHelpers.testClocks.advance(clock.id, { frozen_time: START + 24 * 3600 });
    await ready(clock.id);
    expect(await sdk().subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'incomplete_expired',
    });
  });

  it('takes an existing customer and all of hers (Run simulation), once, from now on; deleting the clock deletes her', async () => {
    const { customer, subscriptionId } = await paidSession();
    const now = Math.floor(Date.now() / 1000);
    await expect(
      sdk().testHelpers.testClocks.create({ frozen_time: now - 86_400, customer: customer.id }),
    ).rejects.toMatchObject({ param: 'frozen_time' });
    // A minute ahead: the clock may not start before her objects' current time, which moves on while a busy
    // machine sends the request.
    const clock = await sdk().testHelpers.testClocks.create({ frozen_time: now + 60, customer: customer.id });
    expect((await sdk().customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      test_clock: clock.id,
    });
    expect((await sdk().subscriptions.retrieve(subscriptionId)).test_clock).toBe(clock.id);
    await expect(
      sdk().testHelpers.testClocks.create({ frozen_time: now + 60, customer: customer.id }),
    ).rejects.toMatchObject({ param: 'customer' });

    expect(await sdk().testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    expect(await sdk().customers.retrieve(customer.id)).toMatchObject({ deleted: true });
    expect((await sdk().subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    await expect(sdk().testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('holds at most three customers', async () => {
    const clock = await sdk().testHelpers.testClocks.create({ frozen_time: START });
    for (let count = 0; count < 3; count++) await sdk().customers.create({ test_clock: clock.id });
    await expect(sdk().customers.create({ test_clock: clock.id })).rejects.toMatchObject({
      param: 'test_clock',
    });
    await expect(sdk().customers.create({ test_clock: 'clock_none' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'test_clock',
    });
  });
});

describe('pages', () => {
  it('serves a customer portal whose buttons change the subscription, and an invoice page', async () => {
    const { customer, subscriptionId } = await paidSession();
    const portal = await sdk().billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://bloom.example/',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'https://bloom.example/',
    });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Renews on');
    expect(html).toContain('Cancel at period end');
    expect(html).toContain('href="https://bloom.example/"');
    const invoiceUrl = /href="([^"]+\/invoices\/in_[^"]+)"/.exec(html)?.[1] as string;
    expect(await (await fetch(invoiceUrl)).text()).toContain('€6.99');

    const post = (fields: Record<string, string>) =>
      fetch(portal.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    expect((await post({ action: 'cancel', subscription: subscriptionId })).status).toBe(303);
    expect((await sdk().subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect((await post({ action: 'renew', subscription: subscriptionId })).status).toBe(303);
    expect((await sdk().subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
    const badCard = await post({
      action: 'update_card',
      number: '4242 4242 4242 4241',
      expiry: '12/34',
      cvc: '1',
      name: '',
    });
    expect(badCard.status).toBe(402);
    expect(await badCard.text()).toContain('Your card number is invalid.');
    expect((await post({ action: 'cancel_now', subscription: subscriptionId })).status).toBe(303);
    expect((await sdk().subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('shows the test clocks, the webhook settings and the deliveries on the dashboard, whose forms change them', async () => {
    const { customer, subscriptionId } = await paidSession();
    const page = await (await fetch(`${emulator.url}/dashboard`)).text();
    expect(page).toContain('Test clocks');
    expect(page).toContain(`/dashboard/subscriptions/${subscriptionId}/simulate`);
    expect(page).toContain('Webhook deliveries');
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    expect(
      (
        await form('/dashboard/webhooks', {
          delayMs: '250',
          shuffle: 'on',
          duplicateRate: '0.3',
          lose: 'invoice.paid',
        })
      ).status,
    ).toBe(303);
    expect(emulator.webhooks?.current).toMatchObject({
      delayMs: 250,
      shuffle: true,
      duplicateRate: 0.3,
      lose: ['invoice.paid'],
      hold: false,
    });

    // Run simulation puts her customer on a new clock, which the clock's form advances.
    expect((await form(`/dashboard/subscriptions/${subscriptionId}/simulate`, {})).status).toBe(303);
    const simulated = (await sdk().customers.retrieve(customer.id)) as Stripe.Customer;
    const clock = await sdk().testHelpers.testClocks.retrieve(simulated.test_clock as string);
    expect(await (await fetch(`${emulator.url}/dashboard`)).text()).toContain(clock.id);
    expect((await form(`/dashboard/test-clocks/${clock.id}/advance`, { days: '2' })).status).toBe(303);
    await expect
      .poll(async () => (await sdk().testHelpers.testClocks.retrieve(clock.id)).frozen_time)
      .toBe(clock.frozen_time + 2 * 86_400);
    // A refused advance is shown, not lost: a monthly plan's clock moves two months at most.
    const refused = await form(`/dashboard/test-clocks/${clock.id}/advance`, { days: '100' });
    const notice = await (
      await fetch(new URL(refused.headers.get('location') as string, emulator.url))
    ).text();
    expect(notice).toContain('at most two intervals');
  });
});
