import {
  type Customer,
  type Invoice,
  type InvoicePayment,
  newId,
  type PaymentIntent,
  type Subscription,
} from '../objects';
import type { AccountState, Emit } from './account-state';
import { listPage, newestFirst } from './list-page';
import { optionalString } from './params';
import type { RouteTable } from './route-table';

/**
 * Invoices: one per period of a subscription, finalized at once, each with the PaymentIntent that collects it
 * and the InvoicePayment that ties the two (payments.ts charges them).
 */

export function invoicesOf(account: AccountState, subscriptionId: string): Invoice[] {
  return Object.values(account.data.invoices).filter(
    (invoice) => invoice.parent.subscription_details.subscription === subscriptionId,
  );
}

export function invoicesOfCustomer(account: AccountState, customerId: string): Invoice[] {
  return newestFirst(
    Object.values(account.data.invoices).filter((invoice) => invoice.customer === customerId),
  );
}

/** A finalized invoice for the subscription's current period, with the PaymentIntent that will collect it. */
export function openInvoice(
  account: AccountState,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  at: number,
  emit: Emit,
): Invoice {
  const customer = account.find('customers', subscription.customer, 'customer');
  const invoice = newInvoice(account, subscription, customer, reason, at);
  const intent = newPaymentIntent(invoice, at);
  const payment = newInvoicePayment(invoice, intent, at);
  account.data.invoices[invoice.id] = invoice;
  account.data.paymentIntents[intent.id] = intent;
  account.data.invoicePayments[payment.id] = payment;
  subscription.latest_invoice = invoice.id;
  emit('invoice.created', invoice);
  emit('invoice.finalized', invoice);
  return invoice;
}

function invoiceLines(subscription: Subscription): Invoice['lines']['data'] {
  return subscription.items.data.map((item) => ({
    id: newId('il'),
    object: 'line_item' as const,
    amount: item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${item.quantity} × ${item.price.nickname ?? 'Bloom Pro'}`,
    quantity: item.quantity,
    period: { start: item.current_period_start, end: item.current_period_end },
    pricing: {
      type: 'price_details' as const,
      price_details: { price: item.price.id, product: item.price.product },
    },
  }));
}

function newInvoice(
  account: AccountState,
  subscription: Subscription,
  customer: Customer,
  reason: Invoice['billing_reason'],
  at: number,
): Invoice {
  const id = newId('in');
  const lines = invoiceLines(subscription);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const first = subscription.items.data[0];
  return {
    id,
    object: 'invoice',
    customer: customer.id,
    customer_email: customer.email,
    status: 'open',
    billing_reason: reason,
    collection_method: 'charge_automatically',
    currency: subscription.currency,
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    subtotal: total,
    total,
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    period_start: first?.current_period_start ?? at,
    period_end: first?.current_period_end ?? at,
    number: `BLOOM-${String(Object.keys(account.data.invoices).length + 1).padStart(4, '0')}`,
    hosted_invoice_url: `${account.options.origin}/invoices/${id}`,
    invoice_pdf: null,
    lines: { object: 'list', has_more: false, url: `/v1/invoices/${id}/lines`, data: lines },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    status_transitions: { finalized_at: at, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    created: at,
    livemode: false,
    metadata: {},
    test_clock: customer.test_clock,
  };
}

function newPaymentIntent(invoice: Invoice, at: number): PaymentIntent {
  return {
    id: newId('pi'),
    object: 'payment_intent',
    amount: invoice.total,
    amount_received: 0,
    currency: invoice.currency,
    customer: invoice.customer,
    payment_method: null,
    status: 'requires_payment_method',
    latest_charge: null,
    last_payment_error: null,
    created: at,
    livemode: false,
    metadata: {},
  };
}

function newInvoicePayment(invoice: Invoice, intent: PaymentIntent, at: number): InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.total,
    created: at,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intent.id },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}

export const invoiceRoutes: RouteTable = {
  'GET invoices': (account, { params, url }) => {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const subscription = optionalString(params, 'subscription');
    const invoices = (
      customer ? invoicesOfCustomer(account, customer) : Object.values(account.data.invoices).reverse()
    )
      .filter((invoice) => !status || invoice.status === status)
      .filter((invoice) => !subscription || invoice.parent.subscription_details.subscription === subscription)
      .sort((a, b) => b.created - a.created);
    return listPage(invoices, params, url);
  },
  'GET invoices/:id': (account, { id }) => account.find('invoices', id, 'invoice'),
  'GET invoice_payments': (account, { params, url }) => {
    const invoice = optionalString(params, 'invoice');
    const status = optionalString(params, 'status');
    const payments = Object.values(account.data.invoicePayments)
      .filter((payment) => !invoice || payment.invoice === invoice)
      .filter((payment) => !status || payment.status === status);
    return listPage(newestFirst(payments), params, url);
  },
};
