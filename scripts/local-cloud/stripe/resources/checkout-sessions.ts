import type { AcceptedCard } from '../cards';
import { invalidParam, missingParam, noSuch, StripeApiError } from '../errors';
import { type CheckoutSession, type Invoice, newId, publicView, type Subscription } from '../objects';
import type { AccountState, Emit } from './account-state';
import { createCustomer } from './customers';
import { openInvoice } from './invoices';
import { listPage, newestFirst } from './list-page';
import { metadataOf, optionalString, type Params } from './params';
import { attachCard } from './payment-methods';
import { chargeInvoice } from './payments';
import type { RouteTable } from './route-table';
import { startSubscription } from './subscriptions';

/**
 * Checkout Sessions (mode `subscription`): Bloom makes one, she pays on the hosted page (checkout-page.ts), and
 * paying starts her subscription; an open session expires after a day.
 */

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

type LineItem = CheckoutSession['line_items_internal'][number];

/** Who paid on the hosted page, and with which card. */
export interface Payer {
  email: string | null;
  name: string | null;
  card: AcceptedCard;
}

/** The languages Stripe's hosted Checkout page takes (its API refuses any other `locale`). */
const CHECKOUT_LOCALES: ReadonlySet<string> = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);

function createCheckoutSession(account: AccountState, params: Params): CheckoutSession {
  const mode = optionalString(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidParam('mode', `The local Stripe emulator supports mode=subscription only, not '${mode}'.`);
  }
  const successUrl = optionalString(params, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  const customerId = optionalString(params, 'customer');
  if (customerId && !account.data.customers[customerId]) throw noSuch('customer', customerId, 'customer');
  const lineItems = lineItemsOf(params.line_items);
  if (lineItems.length === 0) throw missingParam('line_items');
  const { currency, total } = priceOf(account, lineItems);
  const locale = optionalString(params, 'locale');
  if (locale !== null && !CHECKOUT_LOCALES.has(locale)) {
    throw invalidParam('locale', `Invalid locale: must be one of ${[...CHECKOUT_LOCALES].join(', ')}`);
  }
  const subscriptionData = params.subscription_data as Params | undefined;
  const created = account.nowFor(customerId);
  const id = newId('cs_test');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: 'unpaid',
    customer: customerId,
    customer_email: optionalString(params, 'customer_email'),
    customer_details: null,
    client_reference_id: optionalString(params, 'client_reference_id'),
    locale,
    success_url: successUrl,
    cancel_url: optionalString(params, 'cancel_url'),
    url: `${account.options.origin}/checkout/${id}`,
    currency,
    amount_subtotal: total,
    amount_total: total,
    subscription: null,
    invoice: null,
    metadata: metadataOf(params.metadata),
    created,
    expires_at: created + SESSION_LIFETIME_SECONDS,
    livemode: false,
    line_items_internal: lineItems,
    subscription_metadata_internal: metadataOf(subscriptionData?.metadata),
  };
  account.data.sessions[session.id] = session;
  account.save();
  return session;
}

function lineItemsOf(value: unknown): LineItem[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  return list.map((item, index) => {
    const entry = (item ?? {}) as Params;
    const price = optionalString(entry, 'price');
    if (!price) throw missingParam(`line_items[${index}][price]`);
    const quantity = entry.quantity === undefined ? 1 : Number(entry.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw invalidParam(`line_items[${index}][quantity]`, 'Invalid integer: quantity must be at least 1.');
    }
    return { price, quantity };
  });
}

/** What the line items cost together, in the first price's currency; every price must exist and be active. */
function priceOf(account: AccountState, lineItems: readonly LineItem[]): { currency: string; total: number } {
  let currency = '';
  let total = 0;
  lineItems.forEach((item, index) => {
    const price = account.find('prices', item.price, 'price', `line_items[${index}][price]`);
    if (!price.active) {
      throw invalidParam(`line_items[${index}][price]`, `The price specified is inactive.`);
    }
    currency ||= price.currency;
    total += price.unit_amount * item.quantity;
  });
  return { currency, total };
}

/** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
function expireSession(account: AccountState, id: string): CheckoutSession {
  const session = account.find('sessions', id, 'checkout.session');
  if (session.status !== 'open') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  markSessionExpired(account, session);
  return session;
}

/** The session is expired (by the API, or a day after it was made): its page no longer takes a payment. */
export function markSessionExpired(account: AccountState, session: CheckoutSession): void {
  account.change((emit) => {
    Object.assign(session, { status: 'expired', url: null } satisfies Partial<CheckoutSession>);
    emit('checkout.session.expired', session);
  });
}

/**
 * She paid on the hosted page with a card that can be charged: the card is saved, the subscription starts
 * `incomplete` with its first invoice, the invoice is paid (now, or after paymentConfirmationDelayMs) and the
 * subscription becomes `active`, each step with the events Stripe sends for it.
 */
export function completeCheckout(account: AccountState, sessionId: string, payer: Payer): CheckoutSession {
  const session = account.find('sessions', sessionId, 'checkout.session');
  if (session.status !== 'open') {
    throw new StripeApiError(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
  }
  const customerId =
    session.customer ?? createCustomer(account, { email: payer.email ?? '', name: payer.name ?? '' }).id;
  const delay = account.options.paymentConfirmationDelayMs();
  const subscription = account.change((emit) => {
    const at = account.nowFor(customerId);
    const card = attachCard(account, customerId, payer.card, payer.name, emit);
    const created = startSubscription(account, session, customerId, card.id, at);
    const invoice = openInvoice(account, created, 'subscription_create', at, emit);
    emit('customer.subscription.created', created);
    Object.assign(session, {
      status: 'complete',
      customer: customerId,
      subscription: created.id,
      invoice: invoice.id,
      url: null,
      customer_details: { email: payer.email, name: payer.name },
    } satisfies Partial<CheckoutSession>);
    if (delay === 0) {
      payFirstInvoice(account, created, invoice, at, emit);
      session.payment_status = 'paid';
    }
    emit('checkout.session.completed', session);
    return created;
  });
  if (delay > 0) account.later(delay, () => confirmPaymentLater(account, session, subscription));
  return session;
}

/** A payment that took a while confirms, unless the subscription expired or was paid meanwhile. */
function confirmPaymentLater(
  account: AccountState,
  session: CheckoutSession,
  subscription: Subscription,
): void {
  account.change((emit) => {
    const invoice = account.data.invoices[subscription.latest_invoice ?? ''];
    if (subscription.status !== 'incomplete' || invoice?.status !== 'open') return;
    payFirstInvoice(account, subscription, invoice, account.nowFor(subscription.customer), emit);
    session.payment_status = 'paid';
    emit('checkout.session.async_payment_succeeded', session);
  });
}

function payFirstInvoice(
  account: AccountState,
  subscription: Subscription,
  invoice: Invoice,
  at: number,
  emit: Emit,
): void {
  if (!chargeInvoice(account, invoice, at, emit)) return;
  subscription.status = 'active';
  emit('customer.subscription.updated', subscription, { status: 'incomplete' });
}

export const checkoutSessionRoutes: RouteTable = {
  'POST checkout/sessions': (account, { params }) => publicView(createCheckoutSession(account, params)),
  'GET checkout/sessions': (account, { params, url }) => {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const subscription = optionalString(params, 'subscription');
    const sessions = Object.values(account.data.sessions)
      .filter((session) => !customer || session.customer === customer)
      .filter((session) => !status || session.status === status)
      .filter((session) => !subscription || session.subscription === subscription);
    return listPage(newestFirst(sessions), params, url);
  },
  'GET checkout/sessions/:id': (account, { id }) =>
    publicView(account.find('sessions', id, 'checkout.session')),
  'POST checkout/sessions/:id/expire': (account, { id }) => publicView(expireSession(account, id)),
};
