import { SUBSCRIPTION_STATUSES, tierForSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscriptionState } from '../src/billing/subscription-state';

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
      currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
    });
  });

  it('accepts an expanded customer and a subscription without items', () => {
    const state = subscriptionState(
      subscription({ customer: { id: 'cus_2' } as Stripe.Customer, status: 'past_due' }),
    );
    expect(state).toMatchObject({ customerId: 'cus_2', tier: 'pro', currentPeriodEnd: null });
  });
});
