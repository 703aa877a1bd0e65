import {
  CHECKOUT_RETURN_PARAM,
  CHECKOUT_SESSION_PARAM,
  CHECKOUT_SUCCESS_VALUE,
} from '@bloom/shared/billing/checkout';
import type { Plan } from '@bloom/shared/billing/plans';
import type { Locale } from '@bloom/shared/i18n/locales';
import type Stripe from 'stripe';
import { priceIdFor } from './prices';
import { appUrl } from './settings';
import { stripe } from './stripe-client';
import { isStripeError } from './stripe-errors';

/** Her recent sessions, newest first; an open one is always among them, since any other open one is expired. */
const RECENT_SESSIONS = 10;

/**
 * The Checkout Session she should pay in for this plan, in her language (Stripe's hosted page takes each of
 * Bloom's), so that she never has two she could pay:
 *
 * - her open session for this plan and language, if there is one, is reused;
 * - open sessions for the other plan, or in another language, are expired;
 * - a new session is created with an idempotency key made of her id, the plan and her newest session so far.
 *   Concurrent calls read the same newest session, so they send the same key and Stripe answers all of them
 *   with the one session it made; once that session completes or expires, it is the newest, and the next
 *   call's key differs.
 */
export async function checkoutSessionFor(
  userId: string,
  customerId: string,
  plan: Plan,
  locale: Locale,
): Promise<Stripe.Checkout.Session> {
  const client = await stripe();
  const recent = await client.checkout.sessions.list({ customer: customerId, limit: RECENT_SESSIONS });
  const open = recent.data.filter((session) => session.status === 'open');
  const reusable = open.find(
    (session) => session.metadata?.plan === plan && session.locale === locale && session.url,
  );
  if (reusable) return reusable;
  await Promise.all(open.map((session) => expire(client, session.id)));

  const origin = appUrl();
  const metadata = { userId, plan };
  return client.checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      locale,
      line_items: [{ price: await priceIdFor(plan), quantity: 1 }],
      // Stripe fills in the session id, so the app can ask for a sync of exactly this payment.
      success_url: `${origin}/?${CHECKOUT_RETURN_PARAM}=${CHECKOUT_SUCCESS_VALUE}&${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/pricing?plan=${plan}`,
      subscription_data: { metadata },
      metadata,
    },
    { idempotencyKey: `bloom-checkout-${userId}-${plan}-${locale}-after-${recent.data[0]?.id ?? 'none'}` },
  );
}

/** A session that completed or expired meanwhile (a concurrent call expired it first) needs nothing more. */
async function expire(client: Stripe, sessionId: string): Promise<void> {
  try {
    await client.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError') throw error;
  }
}
