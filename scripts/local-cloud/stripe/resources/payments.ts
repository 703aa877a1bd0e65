import type { Charge, Invoice, InvoicePayment, PaymentIntent, PaymentMethod } from '../objects';
import { newId } from '../objects';
import type { AccountState, Emit } from './account-state';
import type { RouteTable } from './route-table';

/** Payments: an invoice's PaymentIntent charges a card; a failed charge plans the next attempt. */

const DAY = 24 * 60 * 60;
/** After a failed renewal, Stripe tries again after these many days; after the last, it cancels. */
const PAYMENT_RETRY_DAYS = [3, 5, 7];

type Decline = PaymentMethod['decline_internal'];

/**
 * Charges the invoice to the subscription's card (or the customer's default): paid, or failed with the next
 * attempt planned (none after the last). Returns whether it was paid.
 */
export function chargeInvoice(account: AccountState, invoice: Invoice, at: number, emit: Emit): boolean {
  const payment = Object.values(account.data.invoicePayments).find(
    (candidate) => candidate.invoice === invoice.id && candidate.is_default,
  );
  const intent = payment && account.data.paymentIntents[payment.payment.payment_intent];
  if (!payment || !intent) throw new Error(`Invoice ${invoice.id} has no payment`);
  const card = cardFor(account, invoice);
  const decline = card ? card.decline_internal : { message: 'No payment method.', code: 'card_declined' };
  const charge = newCharge(invoice, intent, card, decline, at);
  account.data.charges[charge.id] = charge;
  Object.assign(intent, { latest_charge: charge.id, payment_method: card?.id ?? null });
  invoice.attempt_count++;
  invoice.attempted = true;
  if (decline) {
    recordDecline(invoice, intent, charge, decline, at, emit);
    return false;
  }
  recordPayment(invoice, intent, payment, charge, at, emit);
  return true;
}

/** The card an invoice is charged to: its subscription's, else the customer's default. */
function cardFor(account: AccountState, invoice: Invoice): PaymentMethod | undefined {
  const subscription = account.data.subscriptions[invoice.parent.subscription_details.subscription];
  const cardId =
    subscription?.default_payment_method ??
    account.data.customers[invoice.customer]?.invoice_settings.default_payment_method ??
    null;
  return cardId ? account.data.paymentMethods[cardId] : undefined;
}

function newCharge(
  invoice: Invoice,
  intent: PaymentIntent,
  card: PaymentMethod | undefined,
  decline: Decline,
  at: number,
): Charge {
  return {
    id: newId('ch'),
    object: 'charge',
    amount: invoice.amount_due,
    amount_captured: decline ? 0 : invoice.amount_due,
    amount_refunded: 0,
    currency: invoice.currency,
    customer: invoice.customer,
    payment_intent: intent.id,
    payment_method: card?.id ?? '',
    paid: !decline,
    captured: !decline,
    refunded: false,
    status: decline ? 'failed' : 'succeeded',
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    created: at,
    livemode: false,
    metadata: {},
  };
}

function recordDecline(
  invoice: Invoice,
  intent: PaymentIntent,
  charge: Charge,
  decline: NonNullable<Decline>,
  at: number,
  emit: Emit,
): void {
  intent.last_payment_error = decline;
  const retryDays = PAYMENT_RETRY_DAYS[invoice.attempt_count - 1];
  invoice.next_payment_attempt = retryDays === undefined ? null : at + retryDays * DAY;
  emit('charge.failed', charge);
  emit('payment_intent.payment_failed', intent);
  emit('invoice.payment_failed', invoice);
}

function recordPayment(
  invoice: Invoice,
  intent: PaymentIntent,
  payment: InvoicePayment,
  charge: Charge,
  at: number,
  emit: Emit,
): void {
  Object.assign(intent, { status: 'succeeded', amount_received: charge.amount, last_payment_error: null });
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
  } satisfies Partial<Invoice>);
  invoice.status_transitions.paid_at = at;
  Object.assign(payment, { status: 'paid', amount_paid: charge.amount } satisfies Partial<InvoicePayment>);
  payment.status_transitions.paid_at = at;
  emit('charge.succeeded', charge);
  emit('payment_intent.succeeded', intent);
  emit('invoice.paid', invoice);
  emit('invoice.payment_succeeded', invoice);
}

export const paymentRoutes: RouteTable = {
  'GET payment_intents/:id': (account, { id }) => account.find('paymentIntents', id, 'payment_intent'),
  'GET charges/:id': (account, { id }) => account.find('charges', id, 'charge'),
};
