import { tierForSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import type Stripe from 'stripe';

/** What Bloom keeps of a Stripe subscription on the user's profile. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  tier: Tier;
  /** ISO timestamp; null when Stripe gives no period (an incomplete subscription). */
  currentPeriodEnd: string | null;
}

/** Stripe expands some references into objects and leaves others as ids. */
export function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const customerId = idOf(subscription.customer);
  if (!customerId) throw new Error(`Subscription ${subscription.id} names no customer`);
  // Since API version 2025-03-31 the billing period lives on each item; a subscription ends with its last item.
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter(Number.isFinite);
  return {
    subscriptionId: subscription.id,
    customerId,
    status: subscription.status,
    tier: tierForSubscriptionStatus(subscription.status),
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000).toISOString() : null,
  };
}
