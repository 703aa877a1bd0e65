import { isLiveSubscriptionStatus, tierForSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type Stripe from 'stripe';

/**
 * The one subscription of a customer that decides what Bloom shows, whatever order Stripe's events came in:
 *
 * 1. a live one (active, trialing, past due, unpaid: it still bills or can be revived), preferring one that
 *    gives Pro over an unpaid one, then the most recently created;
 * 2. else the most recently created, whatever its status (cancelled, expired, incomplete, paused), so that the
 *    profile says how her last subscription ended, or that her newest one awaits payment.
 *
 * A customer normally has one live subscription at most (checkout sends a live subscriber to the portal); the
 * order only matters when two exist, and then the one she is paying for wins. Ties on `created` (the same
 * second) fall to the id, so two syncs of the same list always pick the same one.
 */
export function pickSubscription(
  subscriptions: readonly Stripe.Subscription[],
): Stripe.Subscription | undefined {
  const live = subscriptions.filter((subscription) => isLiveSubscriptionStatus(subscription.status));
  const candidates = live.length > 0 ? live : subscriptions;
  return [...candidates].sort(compare)[0];
}

function compare(a: Stripe.Subscription, b: Stripe.Subscription): number {
  const pro = Number(isPro(b)) - Number(isPro(a));
  if (pro !== 0) return pro;
  if (a.created !== b.created) return b.created - a.created;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const isPro = (subscription: Stripe.Subscription) => tierForSubscriptionStatus(subscription.status) === 'pro';
