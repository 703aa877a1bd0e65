import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { billingEnvironment } from '@bloom/scripts/local-cloud/stripe/billing-secret';
import { type StripeEmulator, startStripeEmulator } from '@bloom/scripts/local-cloud/stripe/emulator';
import { LOCAL_PRICE_IDS, type StripeEvent } from '@bloom/scripts/local-cloud/stripe/objects';
import { signatureHeader } from '@bloom/scripts/local-cloud/stripe/signature';
import { buildEvent, deliver } from '@bloom/scripts/local-cloud/stripe/webhooks';
import type { Profile } from '@bloom/shared/api/schemas';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStripeEvent } from '../src/billing/verify';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

let planner: PlannerCloud;
let stripeEmulator: StripeEmulator;
let table: DynamoDBDocumentClient;
let webhookUrl: string;

beforeAll(async () => {
  planner = await startPlannerCloud();
  webhookUrl = `${planner.cloud.url}/api/billing/webhook`;
  stripeEmulator = await startStripeEmulator({ webhookUrl });
  // The handlers run in this process, as in a Lambda container: they read their configuration from here,
  // and the emulator's keys from the local Secrets Manager.
  Object.assign(process.env, billingEnvironment(stripeEmulator, planner.cloud.secretsManager), {
    APP_URL: planner.cloud.url,
  });
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: planner.cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterAll(async () => {
  await stripeEmulator?.stop();
  await planner?.stop();
});

/** A Stripe SDK client for the emulator, as a developer's script or Stripe's dashboard would act. */
function stripeAdmin(): Stripe {
  const base = new URL(stripeEmulator.url);
  return new Stripe(stripeEmulator.keys.secretKey, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
}

async function storedProfile(user: TestUser) {
  const result = await table.send(
    new GetCommand({ TableName: planner.cloud.tableName, Key: { pk: `USER#${user.sub}`, sk: 'PROFILE' } }),
  );
  return result.Item ?? {};
}

async function tierOf(user: TestUser) {
  return (await user.call<Profile>('GET', '/api/me')).body.tier;
}

async function startCheckout(user: TestUser, plan: 'monthly' | 'yearly') {
  const response = await user.call<{ url: string }>('POST', '/api/billing/checkout', { plan });
  expect(response.status).toBe(200);
  const sessionId = new URL(response.body.url).pathname.split('/').at(-1) as string;
  return { url: response.body.url, session: stripeEmulator.account.data.sessions[sessionId] };
}

async function pay(url: string, card = '4242 4242 4242 4242') {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry: '12 / 34', cvc: '123', name: 'Maya Lind' }).toString(),
    redirect: 'manual',
  });
}

function eventsFor(customerId: string, type: string): StripeEvent[] {
  return stripeEmulator.account.data.events.filter((event) => {
    const object = event.data.object as { customer?: string };
    return event.type === type && object.customer === customerId;
  });
}

async function postWebhook(body: string, headers: Record<string, string>) {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('checkout', () => {
  it("creates a subscription Checkout Session for the plan's price, the user and the app's return addresses", async () => {
    const user = await planner.newUser({ name: 'Maya Lind' });
    const { url, session } = await startCheckout(user, 'yearly');

    expect(url).toBe(`${stripeEmulator.url}/checkout/${session?.id}`);
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: user.sub,
      success_url: `${planner.cloud.url}/?checkout=success`,
      cancel_url: `${planner.cloud.url}/pricing?plan=yearly`,
      amount_total: 4999,
      currency: 'eur',
      line_items_internal: [{ price: LOCAL_PRICE_IDS.yearly, quantity: 1 }],
    });
    const customer = stripeEmulator.account.data.customers[session?.customer as string];
    expect(customer).toMatchObject({ email: user.email, name: 'Maya Lind', metadata: { userId: user.sub } });
    expect((await storedProfile(user)).stripeCustomerId).toBe(customer?.id);

    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('€49.99');
    expect(html).toContain('per year');
    expect(html).toContain(`href="${planner.cloud.url}/pricing?plan=yearly"`);
    expect(await tierOf(user)).toBe('free');
  });

  it('makes the user Pro when she pays: signed webhooks reach the app before the browser returns', async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'monthly');
    expect(session?.amount_total).toBe(699);

    const paid = await pay(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${planner.cloud.url}/?checkout=success`);

    expect(await tierOf(user)).toBe('pro');
    const customerId = session?.customer as string;
    const deliveries = stripeEmulator.account.data.deliveries.filter((delivery) =>
      stripeEmulator.account.data.events.some(
        (event) =>
          event.id === delivery.eventId &&
          (event.data.object as { customer?: string }).customer === customerId,
      ),
    );
    expect(deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    const subscription = Object.values(stripeEmulator.account.data.subscriptions).find(
      (candidate) => candidate.customer === customerId,
    );
    const profile = await storedProfile(user);
    expect(profile).toMatchObject({
      tier: 'pro',
      stripeCustomerId: customerId,
      subscriptionId: subscription?.id,
      subscriptionStatus: 'active',
    });
    const periodEnd = new Date(profile.currentPeriodEnd as string).getTime();
    const days = (periodEnd - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it("shows Stripe's decline message for a declined card and changes nothing", async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'monthly');
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card has been declined.');
    expect(stripeEmulator.account.data.sessions[session?.id as string]?.status).toBe('open');
    expect(eventsFor(session?.customer as string, 'customer.subscription.created')).toHaveLength(0);
    expect(await tierOf(user)).toBe('free');
  });

  it('reuses the Stripe customer of an earlier checkout', async () => {
    const user = await planner.newUser();
    const first = await startCheckout(user, 'monthly');
    const second = await startCheckout(user, 'yearly');
    expect(second.session?.customer).toBe(first.session?.customer);
    const customers = Object.values(stripeEmulator.account.data.customers).filter(
      (customer) => customer.email === user.email,
    );
    expect(customers).toHaveLength(1);
  });

  it('refuses a second subscription to a Pro user', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await user.call('POST', '/api/billing/checkout', { plan: 'monthly' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('already_pro');
  });

  it.each([
    ['an unknown plan', { plan: 'weekly' }],
    ['no plan', {}],
    ['an extra field', { plan: 'monthly', price: 'price_free' }],
  ])('answers 400 to %s', async (_case, body) => {
    const user = await planner.newUser();
    const response = await user.call('POST', '/api/billing/checkout', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
  });

  it('answers 502 payment_provider_unavailable when Stripe refuses the session', async () => {
    const user = await planner.newUser();
    const configured = process.env.STRIPE_PRICE_YEARLY;
    process.env.STRIPE_PRICE_YEARLY = 'price_that_does_not_exist';
    try {
      const response = await user.call('POST', '/api/billing/checkout', { plan: 'yearly' });
      expect(response.status).toBe(502);
      expect(response.body.error.code).toBe('payment_provider_unavailable');
    } finally {
      process.env.STRIPE_PRICE_YEARLY = configured;
    }
  });

  it('requires a signed-in user', async () => {
    const response = await fetch(`${planner.cloud.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('webhook', () => {
  /** A user with a Stripe customer (from a started checkout) and an active-subscription event for her. */
  async function userWithCustomer() {
    const user = await planner.newUser();
    const { session } = await startCheckout(user, 'monthly');
    const customerId = session?.customer as string;
    const event = buildEvent('customer.subscription.created', {
      id: 'sub_forged',
      object: 'subscription',
      customer: customerId,
      status: 'active',
      metadata: { userId: user.sub },
      items: { object: 'list', data: [] },
    });
    return { user, customerId, payload: JSON.stringify(event) };
  }

  it('answers 400 invalid_signature without a Stripe-Signature header, and changes nothing', async () => {
    const { user, payload } = await userWithCustomer();
    const response = await postWebhook(payload, {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_signature' } });
    expect(await tierOf(user)).toBe('free');
  });

  it('answers 400 to an event signed with another secret', async () => {
    const { user, payload } = await userWithCustomer();
    const response = await postWebhook(payload, {
      'stripe-signature': signatureHeader(payload, 'whsec_somebody_else'),
    });
    expect(response.status).toBe(400);
    expect(await tierOf(user)).toBe('free');
  });

  it('answers 400 when the signed body was altered on the way', async () => {
    const { user, payload } = await userWithCustomer();
    const signature = signatureHeader(
      payload.replace('"active"', '"trialing"'),
      stripeEmulator.keys.webhookSecret,
    );
    const response = await postWebhook(payload, { 'stripe-signature': signature });
    expect(response.status).toBe(400);
    expect(await tierOf(user)).toBe('free');
  });

  it('answers 400 to a correctly signed event that is too old to be trusted (a replayed capture)', async () => {
    const { user, payload } = await userWithCustomer();
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const signature = signatureHeader(payload, stripeEmulator.keys.webhookSecret, anHourAgo);
    const response = await postWebhook(payload, { 'stripe-signature': signature });
    expect(response.status).toBe(400);
    expect(await tierOf(user)).toBe('free');
  });

  it('applies a correctly signed subscription event', async () => {
    const { user, payload } = await userWithCustomer();
    const signature = signatureHeader(payload, stripeEmulator.keys.webhookSecret);
    const response = await postWebhook(payload, { 'stripe-signature': signature });
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await tierOf(user)).toBe('pro');
  });

  it('acknowledges event types Bloom does not use', async () => {
    const payload = JSON.stringify(buildEvent('invoice.paid', { id: 'in_123', object: 'invoice' }));
    const signature = signatureHeader(payload, stripeEmulator.keys.webhookSecret);
    const response = await postWebhook(payload, { 'stripe-signature': signature });
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('applies each event once: a replay after the subscription ended does not bring Pro back', async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'yearly');
    await pay(url);
    expect(await tierOf(user)).toBe('pro');
    const customerId = session?.customer as string;
    const [created] = eventsFor(customerId, 'customer.subscription.created') as [StripeEvent];
    const [completed] = eventsFor(customerId, 'checkout.session.completed') as [StripeEvent];

    const subscriptionId = (created.data.object as { id: string }).id;
    await stripeAdmin().subscriptions.cancel(subscriptionId);
    expect(await tierOf(user)).toBe('free');

    const endpoint = { url: webhookUrl, secret: stripeEmulator.keys.webhookSecret };
    for (const event of [created, completed]) {
      const replay = await deliver(endpoint, event);
      expect(replay.status).toBe(200);
    }
    expect(await tierOf(user)).toBe('free');
    expect(await storedProfile(user)).toMatchObject({ subscriptionStatus: 'canceled', tier: 'free' });
  });

  it('ignores an older event that arrives after a newer one', async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'monthly');
    await pay(url);
    const [created] = eventsFor(session?.customer as string, 'customer.subscription.created') as [
      StripeEvent,
    ];
    const subscriptionId = (created.data.object as { id: string }).id;
    await stripeAdmin().subscriptions.cancel(subscriptionId);

    // The same "active" state as a new event (new id) but stamped before the cancellation.
    const late = {
      ...(created as StripeEvent),
      id: `${created?.id}_late`,
      created: (created?.created ?? 0) - 60,
    };
    const payload = JSON.stringify(late);
    const response = await postWebhook(payload, {
      'stripe-signature': signatureHeader(payload, stripeEmulator.keys.webhookSecret),
    });
    expect(response.body).toMatchObject({ outcome: 'stale' });
    expect(await tierOf(user)).toBe('free');
  });

  it('a failed renewal (past_due) keeps Pro while Stripe retries, and a paid one keeps it', async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'monthly');
    await pay(url);
    const subscriptionId = stripeEmulator.account.data.sessions[session?.id as string]
      ?.subscription as string;
    const renew = (outcome: 'fails' | 'succeeds') =>
      fetch(`${stripeEmulator.url}/dashboard/subscriptions/${subscriptionId}/renewal-${outcome}`, {
        method: 'POST',
        redirect: 'manual',
      });

    await renew('fails');
    expect(await storedProfile(user)).toMatchObject({ tier: 'pro', subscriptionStatus: 'past_due' });
    await renew('succeeds');
    expect(await storedProfile(user)).toMatchObject({ tier: 'pro', subscriptionStatus: 'active' });
  });

  it('cancelling in Stripe sets the tier back to free and records the status', async () => {
    const user = await planner.newUser();
    const { url, session } = await startCheckout(user, 'monthly');
    await pay(url);
    const subscriptionId = stripeEmulator.account.data.sessions[session?.id as string]
      ?.subscription as string;
    const cancelled = await stripeAdmin().subscriptions.cancel(subscriptionId);
    expect(cancelled.status).toBe('canceled');
    expect(await storedProfile(user)).toMatchObject({
      tier: 'free',
      subscriptionStatus: 'canceled',
      subscriptionId,
    });
    expect(eventsFor(session?.customer as string, 'customer.subscription.deleted')).toHaveLength(1);
  });
});

describe('webhook body as API Gateway hands it over', () => {
  it('verifies a base64-encoded body against the bytes Stripe signed', async () => {
    const payload = JSON.stringify(
      buildEvent('invoice.paid', { id: 'in_456', object: 'invoice', note: 'Café 🌸' }),
      null,
      2,
    );
    const signature = signatureHeader(payload, stripeEmulator.keys.webhookSecret);
    const event = await verifyStripeEvent({
      body: Buffer.from(payload, 'utf8').toString('base64'),
      isBase64Encoded: true,
      headers: { 'stripe-signature': signature },
    });
    expect(event.data.object).toMatchObject({ id: 'in_456', note: 'Café 🌸' });
  });

  it('refuses the same body re-serialised, since the signature covers the exact bytes', async () => {
    const payload = JSON.stringify(buildEvent('invoice.paid', { id: 'in_789', object: 'invoice' }), null, 2);
    const signature = signatureHeader(payload, stripeEmulator.keys.webhookSecret);
    await expect(
      verifyStripeEvent({
        body: JSON.stringify(JSON.parse(payload)),
        isBase64Encoded: false,
        headers: { 'stripe-signature': signature },
      }),
    ).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});
