import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BillingCloud, periodEndOf, startBillingCloud } from './support/billing-cloud';

/**
 * A subscription's life after Checkout: the customer portal (cancel at period end, renew, cancel now, card),
 * and renewals and failed payments as Stripe's time moves. As a developer does with Stripe, her customer is put
 * on a test clock ("Run simulation") and the clock is advanced; Bloom's own time does not matter here, as it
 * learns of each change from Stripe's events.
 */

let cloud: BillingCloud;
beforeAll(async () => {
  cloud = await startBillingCloud({
    stripe: { webhooks: { delayMs: 100, shuffle: true, duplicateRate: 0.2 } },
  });
});
afterEach(async () => {
  await cloud.settle();
  vi.useRealTimers();
});
afterAll(() => cloud?.stop());

const ONE_CARD = { expiry: '12 / 34', cvc: '123', name: 'Maya Lind' };

describe('the customer portal', () => {
  it('answers 404 no_subscription before she ever checked out', async () => {
    const user = await cloud.newUser();
    const response = await user.call('POST', '/api/billing/portal');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('no_subscription');
  });

  it('shows her plan, her card and her invoices, with a way back to Bloom', async () => {
    const user = await cloud.newUser();
    const { subscription } = await cloud.subscribe(user, 'yearly');
    const url = await cloud.portalOf(user);
    expect(url).toMatch(new RegExp(`^${cloud.stripe.url}/p/session/bps_`));
    const page = await cloud.portalPage(url);
    expect(page).toContain('€49.99 per year');
    const renews = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      periodEndOf(subscription),
    );
    expect(page).toContain(`Renews on ${renews}`);
    expect(page).toContain('Visa •••• 4242');
    expect(page).toMatch(/<td>€49\.99<\/td><td>paid<\/td>/);
    expect(page).toContain(`href="${cloud.cloud.url}/"`);
  });

  it('cancel at period end keeps Pro until then ("Pro until"), renew undoes it, and the clock ends it', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    const url = await cloud.portalOf(user);
    const end = new Date(periodEndOf(subscription)).toISOString();

    const cancelled = await cloud.portalAction(url, { action: 'cancel', subscription: subscription.id });
    expect(cancelled).toContain('Your plan will be canceled at the end of the billing period.');
    expect(cancelled).toContain('Renew plan');
    await cloud.settle();
    expect(await cloud.profile(user)).toMatchObject({
      tier: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end },
    });

    await cloud.portalAction(url, { action: 'renew', subscription: subscription.id });
    await cloud.settle();
    expect((await cloud.profile(user)).subscription).toMatchObject({ cancelAtPeriodEnd: false });

    await cloud.portalAction(url, { action: 'cancel', subscription: subscription.id });
    const clock = await cloud.simulate(customerId);
    await cloud.advanceClock(clock, periodEndOf(subscription) / 1000 + 60);
    expect(cloud.eventsFor(customerId, 'customer.subscription.deleted')).toHaveLength(1);
    // No renewal was charged.
    expect(cloud.stripe.account.invoicesOfCustomer(customerId)).toHaveLength(1);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
  });

  it('cancel now ends Pro at once', async () => {
    const user = await cloud.newUser();
    const { subscription } = await cloud.subscribe(user);
    const page = await cloud.portalAction(await cloud.portalOf(user), {
      action: 'cancel_now',
      subscription: subscription.id,
    });
    expect(page).toContain('Your plan has been canceled.');
    await cloud.settle();
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
  });

  it("refuses another customer's subscription and an expired link", async () => {
    const maya = await cloud.newUser();
    const ines = await cloud.newUser();
    const { subscription } = await cloud.subscribe(maya);
    await cloud.subscribe(ines);
    const inesPortal = await cloud.portalOf(ines);
    const refused = await fetch(inesPortal, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'cancel_now', subscription: subscription.id }).toString(),
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await cloud.profile(maya)).toMatchObject({ tier: 'pro' });

    // A link not opened within five minutes (of real time: a browser opens it) no longer works.
    const stale = await cloud.portalOf(maya);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() + 6 * 60 * 1000 });
    expect((await fetch(stale)).status).toBe(404);
  });
});

describe('renewals and failed payments', () => {
  it('renews at the period end: a paid invoice, a new period, still Pro', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    const clock = await cloud.simulate(customerId);
    await cloud.advanceClock(clock, periodEndOf(subscription) / 1000 + 3600);
    const invoices = cloud.stripe.account.invoicesOfCustomer(customerId);
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    const renewed = cloud.subscriptionsOf(customerId)[0];
    const profile = await cloud.profile(user);
    expect(profile).toMatchObject({ tier: 'pro', subscription: { status: 'active' } });
    expect(profile.subscription?.currentPeriodEnd).toBe(
      new Date(periodEndOf(renewed as never)).toISOString(),
    );
  });

  it('a failed renewal keeps Pro while Stripe retries (past_due); a new card pays it and she is active again', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    const url = await cloud.portalOf(user);
    await cloud.portalAction(url, { action: 'update_card', number: '4000 0000 0000 0341', ...ONE_CARD });
    const clock = await cloud.simulate(customerId);
    await cloud.advanceClock(clock, periodEndOf(subscription) / 1000 + 3600);
    expect(cloud.eventsFor(customerId, 'invoice.payment_failed')).toHaveLength(1);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro', subscription: { status: 'past_due' } });

    const page = await cloud.portalAction(await cloud.portalOf(user), {
      action: 'update_card',
      number: '4242 4242 4242 4242',
      ...ONE_CARD,
    });
    expect(page).toContain('Your card has been updated.');
    await cloud.settle();
    expect(cloud.eventsFor(customerId, 'invoice.paid')).toHaveLength(2);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro', subscription: { status: 'active' } });
  });

  it('after the last retry fails, Stripe cancels the subscription and she is free', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    await cloud.portalAction(await cloud.portalOf(user), {
      action: 'update_card',
      number: '4000 0000 0000 0341',
      ...ONE_CARD,
    });
    const clock = await cloud.simulate(customerId);
    await cloud.advanceClock(clock, periodEndOf(subscription) / 1000 + 20 * 86_400);
    // The renewal and three retries.
    expect(cloud.eventsFor(customerId, 'invoice.payment_failed')).toHaveLength(4);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
  });
});
