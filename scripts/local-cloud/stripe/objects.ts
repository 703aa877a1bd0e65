import { randomBytes } from 'node:crypto';
import { PLAN_PRICES, type Plan } from '@bloom/shared/billing/plans';

/**
 * The Stripe objects the emulator keeps, shaped like Stripe's API returns them (the fields Bloom and the
 * stripe SDK read, and the ones a developer would look for). Timestamps are Unix seconds, as in Stripe.
 */

/** The API version the emulator reports when a request does not name one (it accepts any). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

export const LOCAL_PRODUCT_ID = 'prod_bloom_pro';
/** Price ids the local cloud configures as STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY. */
export const LOCAL_PRICE_IDS: Record<Plan, string> = {
  monthly: 'price_bloom_pro_monthly',
  yearly: 'price_bloom_pro_yearly',
};

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type Metadata = Record<string, string>;

export interface Price {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  product: string;
  type: 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
  livemode: false;
  metadata: Metadata;
  nickname: string;
  created: number;
}

export function bloomPrices(): Price[] {
  return (Object.keys(LOCAL_PRICE_IDS) as Plan[]).map((plan) => ({
    id: LOCAL_PRICE_IDS[plan],
    object: 'price',
    active: true,
    currency: PLAN_PRICES[plan].currency,
    unit_amount: PLAN_PRICES[plan].amount,
    product: LOCAL_PRODUCT_ID,
    type: 'recurring',
    recurring: { interval: PLAN_PRICES[plan].interval, interval_count: 1 },
    livemode: false,
    metadata: { plan },
    nickname: `Bloom Pro ${plan}`,
    created: 1735689600,
  }));
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  description: string | null;
  currency: string | null;
  delinquent: boolean;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  subscription: string | null;
  metadata: Metadata;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not part of Stripe's session object (it is a separate list endpoint); kept here for the hosted page. */
  line_items_internal: { price: string; quantity: number }[];
  subscription_metadata: Metadata;
  api_version: string;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  created: number;
  metadata: Metadata;
  subscription: string;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  currency: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: 'charge_automatically';
  latest_invoice: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The end of one billing period that starts at `start` (calendar months and years, in UTC). */
export function periodEnd(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The session as the API returns it: without the emulator's bookkeeping fields. */
export function publicSession(session: CheckoutSession) {
  const {
    line_items_internal: _items,
    subscription_metadata: _metadata,
    api_version: _version,
    ...rest
  } = session;
  return rest;
}
