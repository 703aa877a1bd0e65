import { SUBSCRIPTION_STATUSES, tierForSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { pickSubscription } from '../src/billing/pick-subscription';
import { refundDecision } from '../src/billing/refund-window';
import { needsResync } from '../src/billing/stale-subscription';
import { subscriptionState } from '../src/billing/subscription-state';
import type { ProfileItem } from '../src/data/items';

describe('tierForSubscriptionStatus', () => {
  it.each(
    SUBSCRIPTION_STATUSES.map((status) => [
      status,
      ['active', 'trialing', 'past_due'].includes(status) ? 'pro' : 'free',
    ]),
  )('%s gives %s', (status, tier) => {
    expect(tierForSubscriptionStatus(status)).toBe(tier);
  });

  it('gives free without a subscription', () => {
    expect(tierForSubscriptionStatus(null)).toBe('free');
    expect(tierForSubscriptionStatus(undefined)).toBe('free');
  });
});

describe('subscriptionState', () => {
  const subscription = (overrides: Partial<Stripe.Subscription>) =>
    ({
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_1',
      status: 'active',
      items: { object: 'list', data: [], has_more: false, url: '' },
      ...overrides,
    }) as unknown as Stripe.Subscription;

  it('reads the period end from the items (API versions since 2025-03-31), the latest one winning', () => {
    const state = subscriptionState(
      subscription({
        items: {
          object: 'list',
          has_more: false,
          url: '',
          data: [
            { current_period_end: 1_800_000_000 },
            { current_period_end: 1_900_000_000 },
          ] as Stripe.SubscriptionItem[],
        },
      }),
    );
    expect(state).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      tier: 'pro',
      plan: null,
      currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
      cancelAtPeriodEnd: false,
    });
  });

  it("names the plan by its price's lookup key, and a price Bloom does not sell as none", () => {
    const withKey = (lookup_key: string | null) =>
      subscriptionState(
        subscription({
          items: {
            object: 'list',
            has_more: false,
            url: '',
            data: [{ current_period_end: 1_800_000_000, price: { lookup_key } }] as Stripe.SubscriptionItem[],
          },
        }),
      ).plan;
    expect(withKey('bloom_pro_monthly')).toBe('monthly');
    expect(withKey('bloom_pro_yearly')).toBe('yearly');
    expect(withKey('somebody_elses_price')).toBeNull();
    expect(withKey(null)).toBeNull();
  });

  it('ends Pro at cancel_at when the portal cancels by date, and at the period end with the flag', () => {
    const items = {
      object: 'list',
      has_more: false,
      url: '',
      data: [{ current_period_end: 1_900_000_000 }],
    } as Stripe.ApiList<Stripe.SubscriptionItem>;
    expect(subscriptionState(subscription({ items, cancel_at: 1_850_000_000 }))).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_850_000_000_000).toISOString(),
    });
    expect(subscriptionState(subscription({ items, cancel_at_period_end: true }))).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
    });
    // Once it has ended, a cancellation is no longer pending.
    expect(
      subscriptionState(subscription({ items, status: 'canceled', cancel_at_period_end: true })),
    ).toMatchObject({ cancelAtPeriodEnd: false, tier: 'free' });
  });

  it('accepts an expanded customer and a subscription without items', () => {
    const state = subscriptionState(
      subscription({ customer: { id: 'cus_2' } as Stripe.Customer, status: 'past_due' }),
    );
    expect(state).toMatchObject({ customerId: 'cus_2', tier: 'pro', currentPeriodEnd: null });
  });
});

describe('pickSubscription', () => {
  const sub = (id: string, status: string, created: number) =>
    ({ id, status, created, customer: 'cus_1' }) as unknown as Stripe.Subscription;

  it('prefers a live subscription to a newer ended or incomplete one', () => {
    const picked = pickSubscription([
      sub('sub_new', 'incomplete_expired', 300),
      sub('sub_paid', 'active', 100),
      sub('sub_old', 'canceled', 50),
    ]);
    expect(picked?.id).toBe('sub_paid');
  });

  it('prefers one that gives Pro to an unpaid one, then the newest', () => {
    expect(pickSubscription([sub('sub_a', 'unpaid', 300), sub('sub_b', 'past_due', 100)])?.id).toBe('sub_b');
    expect(pickSubscription([sub('sub_a', 'active', 100), sub('sub_b', 'active', 200)])?.id).toBe('sub_b');
  });

  it('without a live one takes the newest, whatever its status; ties fall to the id, in any order given', () => {
    expect(pickSubscription([sub('sub_a', 'canceled', 100), sub('sub_b', 'incomplete', 200)])?.id).toBe(
      'sub_b',
    );
    const tied = [sub('sub_a', 'active', 100), sub('sub_b', 'active', 100)];
    expect(pickSubscription(tied)?.id).toBe(pickSubscription([...tied].reverse())?.id);
    expect(pickSubscription([])).toBeUndefined();
  });
});

describe('refundDecision', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const paidDaysAgo = (days: number, amount = 699, invoiceId = `in_${days}`) => ({
    invoiceId,
    paidAt: Math.floor(now.getTime() / 1000) - days * 86_400,
    amount,
    currency: 'eur',
  });

  it('refunds the latest payment within 30 days of the first', () => {
    expect(refundDecision([paidDaysAgo(29), paidDaysAgo(1, 4999)], now)).toEqual({
      kind: 'refund',
      latest: paidDaysAgo(1, 4999),
    });
    expect(refundDecision([paidDaysAgo(30)], now).kind).toBe('refund');
  });

  it('closes the window 30 days after the first payment, whatever came later', () => {
    expect(refundDecision([paidDaysAgo(31), paidDaysAgo(1)], now)).toMatchObject({ kind: 'window_closed' });
  });

  it('does not count payments of nothing', () => {
    expect(refundDecision([paidDaysAgo(2, 0)], now)).toEqual({ kind: 'nothing_paid' });
    expect(refundDecision([paidDaysAgo(40, 0), paidDaysAgo(3)], now).kind).toBe('refund');
  });
});

describe('needsResync', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const profile = (overrides: Partial<ProfileItem>): ProfileItem => ({
    pk: 'USER#1',
    sk: 'PROFILE',
    tier: 'pro',
    stripeCustomerId: 'cus_1',
    currentPeriodEnd: hoursAgo(25),
    syncedAt: hoursAgo(30 * 24),
    ...overrides,
  });

  it('asks Stripe for a Pro profile whose period ended over a day ago and was not read since', () => {
    expect(needsResync(profile({}), now)).toBe(true);
  });

  it.each([
    ['the period ended less than a day ago', { currentPeriodEnd: hoursAgo(23) }],
    ['a sync read it after that day', { syncedAt: hoursAgo(0.5) }],
    ['she is free', { tier: 'free' as const }],
    ['she has no customer', { stripeCustomerId: undefined }],
    ['there is no period end', { currentPeriodEnd: null }],
  ])('does not when %s', (_case, overrides) => {
    expect(needsResync(profile(overrides), now)).toBe(false);
  });
});
