import type { CheckoutResponse } from '@bloom/shared/billing/checkout';
import { CHECKOUT_RETURN_PARAM, CHECKOUT_SUCCESS_VALUE } from '@bloom/shared/billing/checkout';
import type { Plan } from '@bloom/shared/billing/plans';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { logger } from '../observability';
import { ensureCustomer } from './customer';
import { appUrl, priceIdFor } from './settings';
import { stripe } from './stripe-client';

/**
 * A Stripe Checkout Session for Bloom Pro. The session names the user twice (client_reference_id and the
 * subscription's metadata) so that the webhook can always tell whose payment it is.
 */
export async function createCheckout(caller: Caller, plan: Plan, now: Date): Promise<CheckoutResponse> {
  const profile = await getProfile(caller.userId);
  if (profile?.tier === 'pro') throw new DomainError('already_pro');
  const price = priceIdFor(plan);
  const origin = appUrl();
  try {
    const customer = await ensureCustomer(caller, profile, now);
    const session = await (await stripe()).checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: caller.userId,
      line_items: [{ price, quantity: 1 }],
      success_url: `${origin}/?${CHECKOUT_RETURN_PARAM}=${CHECKOUT_SUCCESS_VALUE}`,
      cancel_url: `${origin}/pricing?plan=${plan}`,
      subscription_data: { metadata: { userId: caller.userId, plan } },
      metadata: { userId: caller.userId, plan },
    });
    if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
    return { url: session.url, destination: 'checkout' };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isStripeError(error)) {
      logger.error('Stripe refused or failed the checkout', { error: error as Error, plan });
      throw new DomainError('payment_provider_unavailable');
    }
    throw error;
  }
}

/** Errors the Stripe SDK raises (API errors, connection errors) all carry a `type` starting with "Stripe". */
function isStripeError(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('Stripe');
}
