import type { SyncResponse } from '@bloom/shared/billing/checkout';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BillingCloud, startBillingCloud } from './support/billing-cloud';

/** POST /api/billing/checkout and the return from Checkout (POST /api/billing/sync), against the local Stripe. */

let cloud: BillingCloud;
beforeAll(async () => {
  // Stripe's webhooks come after the browser is back, a little later, in any order.
  cloud = await startBillingCloud({
    stripe: { webhooks: { delayMs: 300, shuffle: true, duplicateRate: 0.2 } },
  });
});
afterEach(async () => {
  cloud.stripe.configure({ apiLatencyMs: 0, failNextRequests: 0, paymentConfirmationDelayMs: 0 });
  await cloud.settle();
});
afterAll(() => cloud?.stop());

const customersWithEmail = (email: string) =>
  Object.values(cloud.stripe.account.data.customers).filter((customer) => customer.email === email);
const sessionsOf = (customerId: string) =>
  Object.values(cloud.stripe.account.data.sessions).filter((session) => session.customer === customerId);

describe('checkout', () => {
  it("opens a Checkout Session for the price holding the plan's lookup key, with her return addresses", async () => {
    const user = await cloud.newUser({ name: 'Maya Lind' });
    const { url, sessionId, destination } = await cloud.checkout(user, 'yearly');

    expect(destination).toBe('checkout');
    const session = cloud.stripe.account.data.sessions[sessionId];
    const yearly = cloud.stripe.account.prices().find((price) => price.lookup_key === 'bloom_pro_yearly');
    expect(url).toBe(`${cloud.stripe.url}/checkout/${sessionId}`);
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: user.sub,
      locale: 'en',
      success_url: `${cloud.cloud.url}/?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${cloud.cloud.url}/pricing?plan=yearly`,
      amount_total: 4999,
      currency: 'eur',
      line_items_internal: [{ price: yearly?.id, quantity: 1 }],
      metadata: { userId: user.sub, plan: 'yearly' },
    });
    const customer = cloud.stripe.account.data.customers[session?.customer as string];
    expect(customer).toMatchObject({ email: user.email, name: 'Maya Lind', metadata: { userId: user.sub } });
    expect((await cloud.storedProfile(user)).stripeCustomerId).toBe(customer?.id);

    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('€49.99');
    expect(html).toContain('per year');
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: null });
  });

  it('sends her back to the app before any webhook, and the return asks Stripe itself: Pro at once', async () => {
    cloud.stripe.configure({ webhooks: { delayMs: 2000 } });
    try {
      const user = await cloud.newUser();
      const { url, sessionId } = await cloud.checkout(user, 'monthly');
      const before = cloud.stripe.account.data.deliveries.length;
      const paid = await cloud.pay(url);
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `${cloud.cloud.url}/?checkout=success&session_id=${sessionId}`,
      );
      // Nothing has been delivered yet: the profile read is still free.
      const delivered = cloud.stripe.account.data.deliveries
        .slice(before)
        .filter((delivery) => delivery.attempts.length > 0);
      expect(delivered).toEqual([]);
      expect((await cloud.profile(user)).tier).toBe('free');

      const synced = await user.call<SyncResponse>('POST', '/api/billing/sync', { sessionId });
      expect(synced.status).toBe(200);
      expect(synced.body).toMatchObject({
        tier: 'pro',
        subscription: { status: 'active', plan: 'monthly', cancelAtPeriodEnd: false },
      });
      const end = Date.parse(synced.body.subscription?.currentPeriodEnd ?? '');
      const days = (end - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThan(32);
      expect(await cloud.profile(user)).toMatchObject({
        tier: 'pro',
        subscription: synced.body.subscription,
      });

      // The webhooks, when they come, agree.
      await cloud.settle();
      expect(await cloud.profile(user)).toMatchObject({
        tier: 'pro',
        subscription: synced.body.subscription,
      });
    } finally {
      cloud.stripe.configure({ webhooks: { delayMs: 300 } });
    }
  });

  it("answers 404 to a sync naming another customer's session or none that exists", async () => {
    const maya = await cloud.newUser();
    const ines = await cloud.newUser();
    const { sessionId } = await cloud.checkout(maya, 'monthly');
    await cloud.checkout(ines, 'monthly');
    for (const [user, id] of [
      [ines, sessionId],
      [maya, 'cs_test_doesnotexist'],
    ] as const) {
      const response = await user.call('POST', '/api/billing/sync', { sessionId: id });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    // Without a customer there is nothing to ask Stripe: her plan as stored.
    const newcomer = await cloud.newUser();
    const plain = await newcomer.call('POST', '/api/billing/sync', {});
    expect(plain.body).toEqual({ tier: 'free', subscription: null });
  });

  it('answers 400 to a session id that is not a Checkout Session id, without asking Stripe', async () => {
    const user = await cloud.newUser();
    await cloud.checkout(user, 'monthly');
    for (const sessionId of ['cs_test_\ud800', 'cs_test_a\u0000', '../../customers', 'pi_123']) {
      const response = await user.call('POST', '/api/billing/sync', { sessionId });
      expect(response.status, JSON.stringify(sessionId)).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { sessionId: expect.any(String) },
      });
    }
  });

  it("shows Stripe's decline message for a declined card and changes nothing", async () => {
    const user = await cloud.newUser();
    const { url, sessionId } = await cloud.checkout(user, 'monthly');
    for (const card of ['4000 0000 0000 0002', '4000 0000 0000 0341']) {
      const declined = await cloud.pay(url, card);
      expect(declined.status).toBe(402);
      expect(await declined.text()).toMatch(/Your card (has been|was) declined\./);
    }
    expect(cloud.stripe.account.data.sessions[sessionId]?.status).toBe('open');
    expect(cloud.subscriptionsOf(await cloud.customerOf(user))).toEqual([]);
    expect((await cloud.profile(user)).tier).toBe('free');
  });

  it('gives a second click the same open session, and a change of plan a new one in place of the first', async () => {
    const user = await cloud.newUser();
    const first = await cloud.checkout(user, 'monthly');
    const again = await cloud.checkout(user, 'monthly');
    expect(again.url).toBe(first.url);

    const yearly = await cloud.checkout(user, 'yearly');
    expect(yearly.url).not.toBe(first.url);
    const customerId = await cloud.customerOf(user);
    expect(
      sessionsOf(customerId)
        .map((session) => [session.metadata.plan, session.status])
        .sort(),
    ).toEqual([
      ['monthly', 'expired'],
      ['yearly', 'open'],
    ]);
    // The expired page cannot be paid.
    expect((await cloud.pay(first.url)).status).toBe(410);
    expect(customersWithEmail(user.email)).toHaveLength(1);
  });

  it.each([2, 4])(
    '%i concurrent checkouts of a new user give one Checkout Session and one customer',
    async (n) => {
      // Stripe takes a moment for each request, so that the calls really overlap.
      cloud.stripe.configure({ apiLatencyMs: 150 });
      const user = await cloud.newUser();
      const answers = await Promise.all(
        Array.from({ length: n }, () => user.call('POST', '/api/billing/checkout', { plan: 'monthly' })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(n).fill(200));
      expect(new Set(answers.map((answer) => answer.body.url)).size).toBe(1);
      const customers = customersWithEmail(user.email);
      expect(customers).toHaveLength(1);
      const sessions = sessionsOf(customers[0]?.id as string);
      expect(sessions).toHaveLength(1);
      expect((await cloud.storedProfile(user)).stripeCustomerId).toBe(customers[0]?.id);
    },
  );

  it("opens Checkout in her profile's language, and a new session once she changed it", async () => {
    const user = await cloud.newUser();
    expect((await user.call('PUT', '/api/me', { locale: 'de' })).status).toBe(200);
    const german = await cloud.checkout(user, 'monthly');
    expect(cloud.stripe.account.data.sessions[german.sessionId]?.locale).toBe('de');
    expect((await cloud.checkout(user, 'monthly')).sessionId).toBe(german.sessionId);

    expect((await user.call('PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    const french = await cloud.checkout(user, 'monthly');
    expect(french.sessionId).not.toBe(german.sessionId);
    expect(cloud.stripe.account.data.sessions[french.sessionId]?.locale).toBe('fr');
    expect(cloud.stripe.account.data.sessions[german.sessionId]?.status).toBe('expired');
  });

  it('sends a subscriber to her portal instead of a second subscription', async () => {
    const user = await cloud.newUser();
    const { customerId } = await cloud.subscribe(user);
    const answer = await user.call('POST', '/api/billing/checkout', { plan: 'yearly' });
    expect(answer.status).toBe(200);
    expect(answer.body.destination).toBe('portal');
    expect(answer.body.url).toMatch(new RegExp(`^${cloud.stripe.url}/p/session/bps_`));
    expect(sessionsOf(customerId).filter((session) => session.status === 'open')).toEqual([]);
    expect(cloud.subscriptionsOf(customerId)).toHaveLength(1);
  });

  it('sends a past_due subscriber (her renewal failed) to her portal, where she can update her card', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user);
    const portal = await user.call('POST', '/api/billing/portal');
    await cloud.portalAction(portal.body.url, {
      action: 'update_card',
      number: '4000 0000 0000 0341',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Maya Lind',
    });
    const end = subscription.items.data[0]?.current_period_end as number;
    await cloud.advanceClock(await cloud.simulate(customerId), end + 3600);
    expect(cloud.eventsFor(customerId, 'invoice.payment_failed')).toHaveLength(1);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro', subscription: { status: 'past_due' } });

    const answer = await user.call('POST', '/api/billing/checkout', { plan: 'monthly' });
    expect(answer.body).toMatchObject({ destination: 'portal' });
    const page = await cloud.portalPage(answer.body.url);
    expect(page).toContain('Past due: your last payment failed.');
    expect(sessionsOf(customerId).filter((session) => session.status === 'open')).toEqual([]);
  });

  it('refuses a second checkout while her first payment is still going through: it would charge her twice', async () => {
    // A bank debit confirms days later; until then Stripe keeps her subscription incomplete.
    cloud.stripe.configure({ paymentConfirmationDelayMs: 600_000 });
    const user = await cloud.newUser();
    const { url } = await cloud.checkout(user, 'monthly');
    expect((await cloud.pay(url)).status).toBe(303);
    await cloud.settle();
    const customerId = await cloud.customerOf(user);
    const [pending] = cloud.subscriptionsOf(customerId);
    expect(pending?.status).toBe('incomplete');

    for (const plan of ['monthly', 'yearly'] as const) {
      const again = await user.call('POST', '/api/billing/checkout', { plan });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({
        code: 'payment_pending',
        message:
          "Your payment is still going through. Pro starts as soon as it has, so there's no need to pay again.",
      });
    }
    expect(sessionsOf(customerId).filter((session) => session.status === 'open')).toEqual([]);
    expect(cloud.subscriptionsOf(customerId)).toHaveLength(1);
    // Her payment never confirms within this test: ended, so the emulator's late confirmation finds nothing to pay.
    await cloud.admin.subscriptions.cancel(pending?.id as string);
  });

  it('lets a former subscriber, whose subscription has ended, check out again with the same customer', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user);
    await cloud.admin.subscriptions.cancel(subscription.id);
    await cloud.settle();
    expect((await cloud.profile(user)).tier).toBe('free');
    const again = await cloud.checkout(user, 'yearly');
    expect(again.destination).toBe('checkout');
    expect(cloud.stripe.account.data.sessions[again.sessionId]?.customer).toBe(customerId);
  });

  it('refuses a second subscription to a Pro user Stripe knows nothing of', async () => {
    const user = await cloud.newUser({ tier: 'pro' });
    const response = await user.call('POST', '/api/billing/checkout', { plan: 'monthly' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('already_pro');
  });

  it.each([
    ['an unknown plan', { plan: 'weekly' }],
    ['no plan', {}],
    ['an extra field', { plan: 'monthly', price: 'price_free' }],
  ])('answers 400 to %s', async (_case, body) => {
    const user = await cloud.newUser();
    const response = await user.call('POST', '/api/billing/checkout', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
  });

  it('answers 500 internal when no active price holds the lookup key (a setup mistake, logged as such)', async () => {
    const user = await cloud.newUser();
    const prices = cloud.stripe.account.prices();
    for (const price of prices) price.active = false;
    try {
      const response = await user.call('POST', '/api/billing/checkout', { plan: 'yearly' });
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('internal');
      expect(
        Object.values(cloud.stripe.account.data.sessions).some((s) => s.client_reference_id === user.sub),
      ).toBe(false);
    } finally {
      for (const price of prices) price.active = true;
    }
  });

  it('answers 502 payment_provider_unavailable while Stripe is down, and works again after', async () => {
    const user = await cloud.newUser();
    cloud.stripe.configure({ failNextRequests: 3 });
    const response = await user.call('POST', '/api/billing/checkout', { plan: 'monthly' });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('payment_provider_unavailable');
    expect((await user.call('POST', '/api/billing/checkout', { plan: 'monthly' })).status).toBe(200);
  });

  it('requires a signed-in user', async () => {
    for (const path of ['checkout', 'portal', 'sync', 'refund']) {
      const response = await fetch(`${cloud.cloud.url}/api/billing/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'monthly' }),
      });
      expect(response.status, path).toBe(401);
    }
  });
});
