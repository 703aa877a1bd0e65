import type Stripe from 'stripe';
import { log } from '../observability/log';
import { claimEvent, markProcessed, releaseClaim } from './event-claim';
import { idOf } from './subscription-state';
import { syncSubscription } from './sync';

/** What became of an event: synced, seen before, or not one Bloom acts on. */
export type EventOutcome = 'synced' | 'duplicate' | 'ignored';

/**
 * The events after which a customer's subscription may read differently: every customer.subscription.* event
 * and these. The payload itself is not trusted for state (it is a snapshot that may arrive late, twice or out
 * of order): it only names the customer.
 */
const SYNC_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
]);

const isSyncEvent = (type: string) => type.startsWith('customer.subscription.') || SYNC_EVENTS.has(type);

/** The customer an event concerns; every object of the events above names one. */
export function customerOfEvent(event: Stripe.Event): string | null {
  if (!isSyncEvent(event.type)) return null;
  return idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
}

/**
 * Handles one verified Stripe event: claims its id (a duplicate stops there), then syncs the customer's
 * subscription from Stripe. A failed sync gives the claim back and throws, so that the webhook answers 500
 * and Stripe delivers the event again.
 */
export async function handleStripeEvent(event: Stripe.Event, now: Date): Promise<EventOutcome> {
  const customerId = customerOfEvent(event);
  if (!customerId) return 'ignored';
  const claim = await claimEvent(event, customerId, now);
  if (!claim) return 'duplicate';
  try {
    const result = await syncSubscription(customerId);
    await markProcessed(claim, new Date());
    log.info('Synced after a Stripe event', { eventId: event.id, type: event.type, tier: result?.tier });
    return result ? 'synced' : 'ignored';
  } catch (error) {
    await releaseClaim(claim).catch((release: unknown) =>
      log.error('Could not release a Stripe event claim', { error: release as Error, eventId: event.id }),
    );
    throw error;
  }
}
