import type { Profile } from '@bloom/shared/api/schemas';
import type { RefundResponse } from '@bloom/shared/billing/checkout';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BillingCloud, periodEndOf, startBillingCloud } from './support/billing-cloud';
import type { TestUser } from './support/planner-cloud';

/**
 * What needs time to pass: a period end more than a day behind (a lost event), and the money-back guarantee's
 * 30 days. Real time is moved by moving this process's clock: the handlers and the Cognito and Stripe emulators
 * all run here and move with it, as the real ones share the world's time. A customer on a Stripe test clock
 * lives at the clock's time instead, and the guarantee follows it (docs/rules.md#billing-states). Tokens live
 * long enough to outlast the jumps.
 */

const DAY_MS = 86_400_000;

let cloud: BillingCloud;
beforeAll(async () => {
  cloud = await startBillingCloud({
    tokenLifetimeSeconds: 120 * 86_400,
    stripe: { webhooks: { delayMs: 100, shuffle: true, duplicateRate: 0.2 } },
  });
});
afterEach(async () => {
  await cloud.settle();
  vi.useRealTimers();
  cloud.stripe.configure({ webhooks: { lose: [] } });
});
afterAll(() => cloud?.stop());

/** Moves this process's clock (and so Bloom's, Cognito's and Stripe's) to `at`; it keeps running from there. */
function travelTo(at: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: at });
}

describe('a lost event', () => {
  /** Pro, cancelling at period end, and the `deleted` event that will end it lost on the way. */
  async function cancellingWithDeletedLost(user: TestUser) {
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    await cloud.portalAction(await cloud.portalOf(user), { action: 'cancel', subscription: subscription.id });
    await cloud.settle();
    cloud.stripe.configure({ webhooks: { lose: ['customer.subscription.deleted'] } });
    return { customerId, end: periodEndOf(subscription) };
  }

  it('a day after the period end, the next profile read asks Stripe and she is free', async () => {
    const user = await cloud.newUser();
    const { customerId, end } = await cancellingWithDeletedLost(user);

    // Just past the end: Stripe has ended it, the event is lost, and Bloom does not ask yet.
    travelTo(end + 60 * 60 * 1000);
    cloud.stripe.account.catchUp();
    await cloud.settle();
    expect(cloud.subscriptionsOf(customerId)[0]?.status).toBe('canceled');
    const lost = cloud.stripe.account.data.deliveries.filter(
      (delivery) => delivery.type === 'customer.subscription.deleted' && delivery.state === 'lost',
    );
    expect(lost.length).toBeGreaterThan(0);
    let calls = cloud.stripeCalls.length;
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro' });
    expect(cloud.stripeCalls.slice(calls)).toEqual([]);

    // Over a day past it: the read re-syncs.
    travelTo(end + DAY_MS + 60 * 60 * 1000);
    calls = cloud.stripeCalls.length;
    const profile = await cloud.profile(user);
    expect(profile).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
    expect(cloud.stripeCalls.slice(calls)).toEqual([
      expect.stringMatching(/^GET \/v1\/subscriptions\?.*customer=/),
    ]);
    // Once read, it is not asked again.
    calls = cloud.stripeCalls.length;
    expect((await cloud.profile(user)).tier).toBe('free');
    expect(cloud.stripeCalls.slice(calls)).toEqual([]);
  });

  it('a renewal whose events were all lost: the re-check finds her renewed, and stays quiet after', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    cloud.stripe.configure({
      webhooks: {
        lose: [
          'customer.subscription.updated',
          'invoice.paid',
          'invoice.payment_succeeded',
          'invoice.created',
        ],
      },
    });
    const end = periodEndOf(subscription);
    travelTo(end + 2 * DAY_MS);
    const calls = cloud.stripeCalls.length;
    const profile: Profile = await cloud.profile(user);
    expect(cloud.stripeCalls.length).toBeGreaterThan(calls);
    expect(profile).toMatchObject({ tier: 'pro', subscription: { status: 'active' } });
    expect(Date.parse(profile.subscription?.currentPeriodEnd ?? '')).toBeGreaterThan(end + 27 * DAY_MS);
    expect(cloud.stripe.account.invoicesOfCustomer(customerId)).toHaveLength(2);
    const again = cloud.stripeCalls.length;
    await cloud.profile(user);
    expect(cloud.stripeCalls.length).toBe(again);
  });
});

describe('the money-back guarantee', () => {
  it('within 30 days of her first payment: cancels now, refunds it in full, and she is free', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'yearly');
    travelTo(Date.now() + 29 * DAY_MS);
    const refund = await user.call<RefundResponse>('POST', '/api/billing/refund');
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({
      amount: 4999,
      currency: 'eur',
      subscription: { status: 'canceled' },
    });
    await cloud.settle();
    expect(cloud.stripe.account.subscription(subscription.id).status).toBe('canceled');
    const charges = Object.values(cloud.stripe.account.data.charges).filter(
      (charge) => charge.customer === customerId,
    );
    expect(charges.map((charge) => [charge.amount, charge.amount_refunded, charge.refunded])).toEqual([
      [4999, 4999, true],
    ]);
    expect(cloud.eventsFor(customerId, 'charge.refunded')).toHaveLength(1);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });

    // Asking again refunds nothing more.
    const again = await user.call('POST', '/api/billing/refund');
    expect(again.status).toBe(200);
    const refunds = Object.values(cloud.stripe.account.data.refunds).filter((entry) =>
      charges.some((charge) => charge.id === entry.charge),
    );
    expect(refunds).toHaveLength(1);
  });

  it('after 30 days: 403 refund_window_closed, and nothing changes', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'yearly');
    travelTo(Date.now() + 31 * DAY_MS);
    const refund = await user.call('POST', '/api/billing/refund');
    expect(refund.status).toBe(403);
    expect(refund.body.error.code).toBe('refund_window_closed');
    expect(cloud.stripe.account.subscription(subscription.id).status).toBe('active');
    const refunds = Object.values(cloud.stripe.account.data.refunds).filter(
      (entry) => cloud.stripe.account.data.charges[entry.charge]?.customer === customerId,
    );
    expect(refunds).toEqual([]);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro' });
  });

  it("on her test clock, 31 days on (the renewal paid): 403 refund_window_closed, whatever Bloom's own time", async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'monthly');
    const firstPaidAt = subscription.start_date;
    await cloud.advanceClock(await cloud.simulate(customerId), firstPaidAt + 31 * 86_400 + 3600);
    expect(cloud.stripe.account.invoicesOfCustomer(customerId).map((invoice) => invoice.status)).toEqual([
      'paid',
      'paid',
    ]);

    const refund = await user.call('POST', '/api/billing/refund');
    expect(refund.status).toBe(403);
    expect(refund.body.error.code).toBe('refund_window_closed');
    expect(cloud.stripe.account.subscription(subscription.id).status).toBe('active');
    expect(
      Object.values(cloud.stripe.account.data.charges).filter(
        (charge) => charge.customer === customerId && charge.amount_refunded > 0,
      ),
    ).toEqual([]);
    expect(await cloud.profile(user)).toMatchObject({ tier: 'pro' });
  });

  it('on her test clock, 29 days on: refunded, though 31 days have passed in real time', async () => {
    const user = await cloud.newUser();
    const { customerId, subscription } = await cloud.subscribe(user, 'yearly');
    const firstPaid = subscription.start_date * 1000;
    // Her clock starts 25 days on and is advanced by 4; real time goes on to 31 days (within the clock's
    // lifetime of 7 days, after which Stripe deletes it and her customer with it).
    travelTo(firstPaid + 25 * DAY_MS);
    await cloud.advanceClock(await cloud.simulate(customerId), subscription.start_date + 29 * 86_400);
    travelTo(firstPaid + 31 * DAY_MS);
    const refund = await user.call<RefundResponse>('POST', '/api/billing/refund');
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ amount: 4999, subscription: { status: 'canceled' } });
    const [refunded] = Object.values(cloud.stripe.account.data.refunds).filter(
      (entry) => cloud.stripe.account.data.charges[entry.charge]?.customer === customerId,
    );
    // Stripe did it at her time, on the clock.
    expect(refunded?.created).toBe(subscription.start_date + 29 * 86_400);
  });

  it('answers 404 no_subscription to someone who never paid', async () => {
    const user = await cloud.newUser();
    const refund = await user.call('POST', '/api/billing/refund');
    expect(refund.status).toBe(404);
    expect(refund.body.error.code).toBe('no_subscription');
  });
});
