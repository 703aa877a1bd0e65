import type { SyncResponse } from '@bloom/shared/billing/checkout';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { storedBilling } from './stored-subscription';
import { stripe } from './stripe-client';
import { askStripe, isMissingResource } from './stripe-errors';
import { idOf } from './subscription-state';
import { syncSubscription } from './sync';

/**
 * She is back from Checkout (or the app wants a fresh look): her subscription is synced from Stripe now rather
 * than waiting for the webhook. A session id must name one of her own sessions; another customer's, or one
 * that does not exist, is not found. An account being deleted is refused, as on every route that reads her
 * profile (docs/rules.md#deleting-an-account): a sync would write Stripe's state onto it.
 */
export async function syncAfterCheckout(
  caller: Caller,
  sessionId: string | undefined,
): Promise<SyncResponse> {
  const profile = await getProfile(caller.userId);
  refuseWhileDeleting(profile);
  const customerId = profile?.stripeCustomerId;
  if (!customerId) {
    if (sessionId !== undefined) throw new DomainError('not_found');
    return storedBilling(profile);
  }
  return askStripe('sync', async () => {
    if (sessionId !== undefined) await assertOwnSession(sessionId, customerId);
    const synced = await syncSubscription(customerId);
    return synced ? { tier: synced.tier, subscription: synced.subscription } : storedBilling(profile);
  });
}

async function assertOwnSession(sessionId: string, customerId: string): Promise<void> {
  try {
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId);
    if (idOf(session.customer) === customerId) return;
  } catch (error) {
    if (!isMissingResource(error)) throw error;
  }
  throw new DomainError('not_found');
}
