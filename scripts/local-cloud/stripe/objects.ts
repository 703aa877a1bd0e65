import { randomBytes } from 'node:crypto';
import { PLAN_PRICES, type Plan } from '@bloom/shared/billing/plans';

/**
 * The Stripe objects the emulator keeps, shaped like Stripe's API returns them (the fields Bloom and the
 * stripe SDK read, and the ones a developer would look for). Timestamps are Unix seconds, as in Stripe.
 * Fields whose names end in `_internal` are the emulator's own bookkeeping and never leave it (`publicView`).
 */

/** The API version the emulator reports when a request does not name one (it accepts any). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

export const LOCAL_PRODUCT_ID = 'prod_bloom_pro';

/** The lookup keys Bloom finds its prices by (infra/README.md, "Stripe products"). */
export const LOOKUP_KEYS: Record<Plan, string> = {
  monthly: 'bloom_pro_monthly',
  yearly: 'bloom_pro_yearly',
};

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export type Metadata = Record<string, string>;

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  type: 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
  lookup_key: string | null;
  livemode: false;
  metadata: Metadata;
  nickname: string | null;
  created: number;
}

/** Bloom Pro as infra/README.md sets it up: EUR 6.99 a month and EUR 49.99 a year, found by lookup key. */
export function bloomPrices(): Price[] {
  return (Object.keys(LOOKUP_KEYS) as Plan[]).map((plan) => ({
    id: `price_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
    object: 'price',
    active: true,
    currency: PLAN_PRICES[plan].currency,
    unit_amount: PLAN_PRICES[plan].amount,
    product: LOCAL_PRODUCT_ID,
    type: 'recurring',
    recurring: { interval: PLAN_PRICES[plan].interval, interval_count: 1 },
    lookup_key: LOOKUP_KEYS[plan],
    livemode: false,
    metadata: {},
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
  invoice_settings: { default_payment_method: string | null };
  /** The id of the test clock she lives on (its frozen_time is her "now"); null: she follows real time. */
  test_clock: string | null;
}

/**
 * A Stripe test clock: time for the customers attached to it (and everything of theirs) stands at
 * `frozen_time` and moves only when the clock is advanced.
 */
export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing';
  status_details: { advancing?: { target_frozen_time: number } };
  /** While advancing: when (milliseconds since the epoch, this machine's time) the advancement is done. */
  advanced_at_ms_internal: number | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  billing_details: { name: string | null; email: string | null };
  customer: string | null;
  created: number;
  livemode: false;
  /** Why a charge to this card fails (4000 0000 0000 0341 attaches but never pays); null: it pays. */
  decline_internal: { message: string; code: string } | null;
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
  /** The language of the hosted page (`auto`: the browser's); null when none was asked for. */
  locale: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  subscription: string | null;
  invoice: string | null;
  metadata: Metadata;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not part of Stripe's session object (it is a separate list endpoint); kept here for the hosted page. */
  line_items_internal: { price: string; quantity: number }[];
  subscription_metadata_internal: Metadata;
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

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  currency: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  cancellation_details: { reason: string | null; comment: string | null; feedback: string | null };
  ended_at: number | null;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: 'charge_automatically';
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  /** Her customer's test clock, if any. */
  test_clock: string | null;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  customer_email: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  number: string;
  hosted_invoice_url: string;
  invoice_pdf: null;
  lines: {
    object: 'list';
    has_more: false;
    url: string;
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      description: string;
      quantity: number;
      period: { start: number; end: number };
      pricing: { type: 'price_details'; price_details: { price: string; product: string } };
    }[];
  };
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
    marked_uncollectible_at: number | null;
  };
  created: number;
  livemode: false;
  metadata: Metadata;
  test_clock: string | null;
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  payment_method: string | null;
  status: 'requires_payment_method' | 'succeeded';
  latest_charge: string | null;
  last_payment_error: { code: string; message: string } | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  customer: string;
  payment_intent: string;
  payment_method: string;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
  created: number;
  metadata: Metadata;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  customer_account: null;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
  /** Stripe's portal links are short-lived: one not opened in time shows an expired page. */
  expires_at_internal: number;
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

/** The object as the API returns it: without the emulator's `_internal` bookkeeping fields. */
export function publicView<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.endsWith('_internal'))) as T;
}
