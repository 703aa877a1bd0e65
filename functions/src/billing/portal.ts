import type { PortalResponse } from '@bloom/shared/billing/checkout';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { appUrl } from './settings';
import { stripe } from './stripe-client';
import { askStripe } from './stripe-errors';

/**
 * A Stripe customer-portal session for her: card, cancel at period end, resume, invoices. She comes back to the
 * app when done.
 */
export async function portalUrl(customerId: string): Promise<string> {
  const session = await (await stripe()).billingPortal.sessions.create({
    customer: customerId,
    return_url: `${appUrl()}/`,
  });
  return session.url;
}

/** POST /api/billing/portal: her portal, once she is a Stripe customer (she has started a checkout). */
export async function openPortal(caller: Caller): Promise<PortalResponse> {
  const profile = await getProfile(caller.userId);
  refuseWhileDeleting(profile);
  const customerId = profile?.stripeCustomerId;
  if (!customerId) throw new DomainError('no_subscription');
  return { url: await askStripe('portal', () => portalUrl(customerId)) };
}
