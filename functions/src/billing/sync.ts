import type Stripe from 'stripe';
import { log } from '../observability/log';
import { userOfCustomer } from './customer';
import { pickSubscription } from './pick-subscription';
import { type StoredBilling, storedBilling } from './stored-subscription';
import { stripe } from './stripe-client';
import { storeReading, takeSyncTicket } from './subscription-record';
import { subscriptionState } from './subscription-state';

export interface SyncResult extends StoredBilling {
  userId: string;
}

/**
 * The one way Bloom learns a subscription's state: it asks Stripe for all of the customer's subscriptions now,
 * picks the one that matters (pick-subscription.ts) and stores it on her profile in one conditional write.
 * Every webhook event, the return from Checkout and a stale profile read call it, so what is stored never
 * depends on the order events arrive in, only on what Stripe says at the time of asking.
 *
 * Two syncs may overlap (a burst of events after a payment). Each takes a ticket from the profile before it
 * asks Stripe; a reading is stored only if no sync with a higher ticket stored one first, so an older reading
 * that comes back late never overwrites a newer one. Stripe sends an event after each change, and the sync it
 * starts takes its ticket after the change; every higher ticket was taken later still. So the reading stored
 * last was always made after Stripe's last change: Stripe's latest state.
 *
 * Returns what is stored afterwards (a later sync's reading if it won), or undefined for a customer Bloom does
 * not know.
 */
export async function syncSubscription(
  customerId: string,
  now = new Date(),
): Promise<SyncResult | undefined> {
  const userId = await userOfCustomer(customerId);
  if (!userId) {
    log.warn('Stripe customer without a Bloom user', { customerId });
    return undefined;
  }
  const ticket = await takeSyncTicket(userId, customerId);
  if (ticket === undefined) {
    log.warn('Stripe customer is no longer on its user profile', { customerId });
    return undefined;
  }
  const picked = pickSubscription(await subscriptionsOf(customerId));
  const state = picked ? subscriptionState(picked) : null;
  const outcome = await storeReading(userId, customerId, ticket, state, now);
  log.info(outcome.stored ? 'Stored the subscription' : 'A newer sync stored the subscription first', {
    customerId,
    ticket,
    status: state?.status ?? null,
  });
  return { userId, ...storedBilling(outcome.profile) };
}

/** All of them, ended ones too: the list is what decides, not any one event's snapshot. */
async function subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
  const client = await stripe();
  return client.subscriptions
    .list({ customer: customerId, status: 'all', limit: 100 })
    .autoPagingToArray({ limit: 1000 });
}
