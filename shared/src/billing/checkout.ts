import * as z from 'zod/mini';
import { PLANS } from './plans';

/**
 * POST /api/billing/checkout (signed in). Answers `{ url }` of a Stripe Checkout page; the browser goes there.
 * A caller already on Pro gets 409 `already_pro` instead of a second subscription.
 */
export const checkoutBodySchema = z.strictObject({
  plan: z.enum(PLANS, { error: 'Please choose the monthly or the yearly plan' }),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export interface CheckoutResponse {
  url: string;
}

/** Query parameter the app's success_url carries back from Stripe: `/?checkout=success`. */
export const CHECKOUT_RETURN_PARAM = 'checkout';
export const CHECKOUT_SUCCESS_VALUE = 'success';
