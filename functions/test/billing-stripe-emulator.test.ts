import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StripeEmulator, startStripeEmulator } from '@bloom/scripts/local-cloud/stripe/emulator';
import { LOCAL_PRICE_IDS } from '@bloom/scripts/local-cloud/stripe/objects';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The emulator seen through the official SDK, the way Bloom's handlers and a developer's scripts see it. */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let emulator: StripeEmulator;
let received: Received[];
let closeReceiver: () => Promise<void>;

beforeAll(async () => {
  received = [];
  const receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closeReceiver = () => new Promise((resolve) => receiver.close(() => resolve()));
  emulator = await startStripeEmulator({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
  });
});
afterAll(async () => {
  await emulator?.stop();
  await closeReceiver?.();
});

function sdk(key = emulator.keys.secretKey): Stripe {
  const base = new URL(emulator.url);
  return new Stripe(key, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

async function paidSession(plan: 'monthly' | 'yearly') {
  const customer = await sdk().customers.create({ email: 'ines@example.com', name: 'Inès' });
  const session = await sdk().checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'user-1',
    line_items: [{ price: LOCAL_PRICE_IDS[plan], quantity: 1 }],
    success_url: 'https://bloom.example/?checkout=success&session={CHECKOUT_SESSION_ID}',
    cancel_url: `https://bloom.example/pricing?plan=${plan}`,
    subscription_data: { metadata: { userId: 'user-1' } },
  });
  const paid = await fetch(session.url as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      number: '4242424242424242',
      expiry: '01/40',
      cvc: '999',
      name: 'Inès',
    }).toString(),
    redirect: 'manual',
  });
  return { customer, session, paid };
}

describe('Stripe API emulator', () => {
  it('creates customers and subscription sessions shaped as the SDK expects', async () => {
    const { customer, session, paid } = await paidSession('yearly');
    expect(customer).toMatchObject({ object: 'customer', email: 'ines@example.com', livemode: false });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      customer: customer.id,
      amount_total: 4999,
      currency: 'eur',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://bloom.example/?checkout=success&session=${session.id}`,
    );

    const completed = await sdk().checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const subscription = await sdk().subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { userId: 'user-1' },
    });
    const item = subscription.items.data[0];
    expect(item?.price.id).toBe(LOCAL_PRICE_IDS.yearly);
    expect(
      ((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)) / 86_400,
    ).toBeGreaterThanOrEqual(365);
  });

  it('signs each webhook so that stripe.webhooks.constructEvent accepts it', async () => {
    const before = received.length;
    const { session } = await paidSession('monthly');
    const deliveries = received.slice(before);
    const events = deliveries.map((delivery) =>
      Stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers['stripe-signature'] as string,
        emulator.keys.webhookSecret,
      ),
    );
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    expect(events[1]?.data.object).toMatchObject({
      id: session.id,
      client_reference_id: 'user-1',
      status: 'complete',
    });
    expect(() =>
      Stripe.webhooks.constructEvent(
        deliveries[0]?.body ?? '',
        deliveries[0]?.headers['stripe-signature'] as string,
        'whsec_other',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('cancels a subscription with DELETE and tells the app', async () => {
    const { session } = await paidSession('monthly');
    const subscriptionId = (await sdk().checkout.sessions.retrieve(session.id)).subscription as string;
    const before = received.length;
    const cancelled = await sdk().subscriptions.cancel(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'canceled' });
    expect(cancelled.ended_at).toEqual(expect.any(Number));
    const [deleted] = received.slice(before).map((delivery) => JSON.parse(delivery.body));
    expect(deleted).toMatchObject({
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId } },
    });
    await expect(sdk().subscriptions.cancel(subscriptionId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('refuses a wrong API key with an authentication error', async () => {
    await expect(sdk('sk_test_wrong_key_123456').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it("answers Stripe's errors for unknown prices, customers and missing parameters", async () => {
    const unknownPrice = sdk().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_nope', quantity: 1 }],
      success_url: 'https://bloom.example/',
    });
    await expect(unknownPrice).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'line_items[0][price]',
      statusCode: 400,
    });
    await expect(sdk().customers.retrieve('cus_nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      sdk().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: LOCAL_PRICE_IDS.monthly }],
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'success_url' });
  });

  it('answers a repeated idempotency key with the first result', async () => {
    const key = `customer-${Date.now()}`;
    const first = await sdk().customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    const second = await sdk().customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(
      Object.values(emulator.account.data.customers).filter((c) => c.email === 'once@example.com'),
    ).toHaveLength(1);
  });
});
