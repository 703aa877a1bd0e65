import { type Invoice, periodEnd, type Subscription } from '../objects';
import type { AccountState } from './account-state';
import { invoicesOf, openInvoice } from './invoices';
import { chargeInvoice } from './payments';
import { endSubscription, LIVE, recoverIfSettled } from './subscriptions';

/**
 * What time does to a subscription, each at its moment (schedule.ts finds when): a renewal at the period's end,
 * Smart Retries of a failed payment, and the expiry of one whose first invoice was never paid.
 */

/** A subscription whose first invoice is not paid within 23 hours expires (Stripe's rule). */
export const INCOMPLETE_LIFETIME_SECONDS = 23 * 60 * 60;

/** The period ended: the next one starts and its invoice is charged; a failed charge makes it past_due. */
export function renew(account: AccountState, subscription: Subscription, at: number): void {
  account.change((emit) => {
    const previous: Record<string, unknown> = { latest_invoice: subscription.latest_invoice };
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
    }
    const invoice = openInvoice(account, subscription, 'subscription_cycle', at, emit);
    const paid = chargeInvoice(account, invoice, at, emit);
    if (!paid && subscription.status === 'active') {
      previous.status = 'active';
      subscription.status = 'past_due';
    }
    emit('customer.subscription.updated', subscription, previous);
  });
}

/** Smart Retries: the open invoice is charged again; after the last failure the subscription is cancelled. */
export function retryInvoice(account: AccountState, invoice: Invoice, at: number): void {
  const subscription = account.data.subscriptions[invoice.parent.subscription_details.subscription];
  const paid = account.change((emit) => {
    const paid = chargeInvoice(account, invoice, at, emit);
    if (paid && subscription) recoverIfSettled(account, subscription, emit);
    return paid;
  });
  if (!paid && invoice.next_payment_attempt === null && subscription && LIVE.has(subscription.status)) {
    endSubscription(account, subscription, at, 'payment_failed');
  }
}

/** Her first invoice was never paid: the subscription is `incomplete_expired` and the invoice void. */
export function expireIncomplete(account: AccountState, subscription: Subscription, at: number): void {
  account.change((emit) => {
    subscription.status = 'incomplete_expired';
    subscription.ended_at = at;
    for (const invoice of invoicesOf(account, subscription.id)) {
      if (invoice.status !== 'open') continue;
      invoice.status = 'void';
      invoice.next_payment_attempt = null;
      invoice.status_transitions.voided_at = at;
      emit('invoice.voided', invoice);
    }
    emit('customer.subscription.updated', subscription, { status: 'incomplete' });
  });
}
