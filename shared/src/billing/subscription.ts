import type { Tier } from '../planner/types';
import type { Plan } from './plans';

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Pro while the subscription is paid, on trial, or past due (Stripe is still retrying the card: she keeps Pro
 * and is asked to update it). Unpaid, cancelled, expired, incomplete and paused mean free
 * (docs/rules.md#billing-states).
 */
const PRO_STATUSES: ReadonlySet<string> = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due']);

/**
 * A subscription that can still bill or be revived: a second checkout would mean a second subscription, so
 * she is sent to the customer portal instead.
 */
const LIVE_STATUSES: ReadonlySet<string> = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'unpaid',
]);

export function tierForSubscriptionStatus(status: string | null | undefined): Tier {
  return status !== null && status !== undefined && PRO_STATUSES.has(status) ? 'pro' : 'free';
}

export function isLiveSubscriptionStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && LIVE_STATUSES.has(status);
}

/** Her subscription as the app shows it (GET /api/me `subscription`); null when she never subscribed. */
export interface SubscriptionSummary {
  status: SubscriptionStatus;
  plan: Plan | null;
  /** ISO timestamp the paid period ends: the renewal date, or the last moment of Pro when cancelling. */
  currentPeriodEnd: string | null;
  /** Cancelled at the period's end: Pro until `currentPeriodEnd`, then free. */
  cancelAtPeriodEnd: boolean;
}

/** Stripe is retrying a failed payment: the planner asks her, calmly, to update her card. */
export function paymentFailed(subscription: SubscriptionSummary | null | undefined): boolean {
  return subscription?.status === 'past_due';
}
