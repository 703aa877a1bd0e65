import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { paymentFailed } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import type { IntlShape } from 'react-intl';

/**
 * One line about her plan, in her language: "Free plan", "Bloom Pro · renews on …", "Pro until …" after
 * cancelling at the period's end, or the failed payment while Stripe retries (docs/rules.md#billing-states).
 * Dates through Intl in her language and time zone ("December 23, 2026", "23. Dezember 2026").
 */
export function planLine(intl: IntlShape, tier: Tier, subscription: SubscriptionSummary | null): string {
  if (tier !== 'pro') return intl.formatMessage({ id: 'billing.plan.free' });
  if (paymentFailed(subscription)) return intl.formatMessage({ id: 'billing.plan.paymentFailed' });
  const end = subscription?.currentPeriodEnd;
  if (!end) return intl.formatMessage({ id: 'billing.plan.pro' });
  return intl.formatMessage(
    { id: subscription.cancelAtPeriodEnd ? 'billing.plan.until' : 'billing.plan.renews' },
    { date: new Date(end) },
  );
}
