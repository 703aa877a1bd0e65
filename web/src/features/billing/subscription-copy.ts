import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { paymentFailed } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';

export const FINISHING_UPGRADE = 'Finishing your upgrade...';
export const PAYMENT_BEING_CONFIRMED = 'Your payment is being confirmed; Pro will appear shortly.';
export const WELCOME_TO_PRO =
  'Welcome to Bloom Pro! Unlimited planning, custom activities and your coach are ready.';
export const PAYMENT_FAILED = "Your last payment didn't go through - update your card";

/** A date as she reads it: "December 23, 2026". */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * One line about her plan: "Free plan", "Bloom Pro · renews on …", "Pro until …" after cancelling at the
 * period's end, or the failed payment while Stripe retries (docs/rules.md#billing-states).
 */
export function planLine(tier: Tier, subscription: SubscriptionSummary | null): string {
  if (tier !== 'pro') return 'Free plan';
  if (paymentFailed(subscription)) return `Bloom Pro · ${PAYMENT_FAILED}`;
  const end = subscription?.currentPeriodEnd;
  if (!end) return 'Bloom Pro';
  return subscription.cancelAtPeriodEnd
    ? `Pro until ${longDate(end)}`
    : `Bloom Pro · renews on ${longDate(end)}`;
}
