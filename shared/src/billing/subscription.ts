import type { Tier } from '../planner/types';

/**
 * Stripe's subscription statuses. Only `active` and `trialing` grant Pro: a payment that is past due,
 * incomplete or unpaid does not, and neither does a cancelled or paused subscription.
 */
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

const PRO_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

export function tierForSubscriptionStatus(status: string | null | undefined): Tier {
  return status !== null && status !== undefined && PRO_STATUSES.has(status) ? 'pro' : 'free';
}
