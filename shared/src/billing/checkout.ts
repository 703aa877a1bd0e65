import * as v from 'valibot';
import { strictObject } from '../validation/strict-object';
import { PLANS } from './plans';
import type { SubscriptionSummary } from './subscription';

/**
 * POST /api/billing/checkout (signed in). Answers `{ url }` of a Stripe Checkout page, the same open one again for
 * a repeated request; the browser goes there. A caller whose subscription is still live (active, trialing, past
 * due, unpaid) gets the customer portal's `{ url }` instead (`destination: 'portal'`), never a second subscription.
 */
export const checkoutBodySchema = strictObject({
  plan: v.picklist(PLANS, 'Please choose the monthly or the yearly plan'),
});
export type CheckoutBody = v.InferOutput<typeof checkoutBodySchema>;

export interface CheckoutResponse {
  url: string;
  destination: 'checkout' | 'portal';
}

export { CHECKOUT_RETURN_PARAM, CHECKOUT_SESSION_PARAM, CHECKOUT_SUCCESS_VALUE } from './checkout-return';

/** POST /api/billing/portal (signed in): `{ url }` of a Stripe customer-portal session (card, cancel, invoices). */
export interface PortalResponse {
  url: string;
}

/**
 * POST /api/billing/sync (signed in), after Checkout: asks Stripe for her subscriptions now and stores what it
 * says. `sessionId` is the Checkout Session she came back from (it must be hers).
 */
export const syncBodySchema = strictObject({
  // A Checkout Session id as Stripe writes them (cs_test_…, cs_live_…): anything else is no session, and never
  // reaches Stripe's URL (a lone surrogate there threw inside the SDK's encodeURIComponent).
  sessionId: v.optional(
    v.pipe(v.string(), v.maxLength(255), v.regex(/^cs_\w+$/, 'That is not a Stripe checkout session')),
  ),
});
export type SyncBody = v.InferOutput<typeof syncBodySchema>;

export interface SyncResponse {
  tier: 'free' | 'pro';
  subscription: SubscriptionSummary | null;
}

/** The money-back guarantee: a refund of the latest payment, within this many days of the first one. */
export const REFUND_WINDOW_DAYS = 30;

/**
 * POST /api/billing/refund (signed in): within REFUND_WINDOW_DAYS of her first payment, cancels the subscription
 * now and refunds its latest payment in full; after that, 403 `refund_window_closed`.
 */
export interface RefundResponse {
  /** Cents, as Stripe counts them. */
  amount: number;
  currency: string;
  subscription: SubscriptionSummary | null;
}
