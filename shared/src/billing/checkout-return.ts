/**
 * The address Stripe sends her back to after paying: `/?checkout=success&session_id={CHECKOUT_SESSION_ID}`
 * (Stripe fills in the Checkout Session's id). Its own module, without the schema library, so the first page load can read it.
 */
export const CHECKOUT_RETURN_PARAM = 'checkout';
export const CHECKOUT_SUCCESS_VALUE = 'success';
export const CHECKOUT_SESSION_PARAM = 'session_id';
