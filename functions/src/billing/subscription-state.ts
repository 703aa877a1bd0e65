import type { Plan } from '@bloom/shared/billing/plans';
import {
  isLiveSubscriptionStatus,
  type SubscriptionStatus,
  type SubscriptionSummary,
  tierForSubscriptionStatus,
} from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import type Stripe from 'stripe';
import { planOfLookupKey } from './prices';

/** What Bloom keeps of a Stripe subscription on the user's profile. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  tier: Tier;
  plan: Plan | null;
  /** ISO timestamp: the renewal date, or the last moment of Pro when she cancelled; null without a period. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** Stripe expands some references into objects and leaves others as ids. */
export function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const customerId = idOf(subscription.customer);
  if (!customerId) throw new Error(`Subscription ${subscription.id} names no customer`);
  const items = subscription.items?.data ?? [];
  // Since API version 2025-03-31 the billing period lives on each item; a subscription ends with its last item.
  const ends = items.map((item) => item.current_period_end).filter(Number.isFinite);
  const periodEnd = ends.length > 0 ? Math.max(...ends) : null;
  const status = subscription.status as SubscriptionStatus;
  // The portal may cancel by date (`cancel_at`) rather than with the flag; either way Pro ends then. Once the
  // subscription has ended, a pending cancellation means nothing any more.
  const cancelAt = isLiveSubscriptionStatus(status) ? (subscription.cancel_at ?? null) : null;
  const cancelling =
    isLiveSubscriptionStatus(status) && (subscription.cancel_at_period_end || cancelAt !== null);
  const endsAt = cancelAt !== null && (periodEnd === null || cancelAt < periodEnd) ? cancelAt : periodEnd;
  return {
    subscriptionId: subscription.id,
    customerId,
    status,
    tier: tierForSubscriptionStatus(status),
    plan: planOfLookupKey(items[0]?.price?.lookup_key),
    currentPeriodEnd: endsAt === null ? null : new Date(endsAt * 1000).toISOString(),
    cancelAtPeriodEnd: cancelling,
  };
}

export function summaryOf(state: SubscriptionState): SubscriptionSummary {
  return {
    status: state.status,
    plan: state.plan,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}
