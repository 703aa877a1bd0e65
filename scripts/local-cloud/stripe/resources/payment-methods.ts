import type { AcceptedCard } from '../cards';
import { newId, type PaymentMethod } from '../objects';
import type { AccountState, Emit } from './account-state';
import { customer } from './customers';
import { invoicesOf } from './invoices';
import { chargeInvoice } from './payments';
import { LIVE, recoverIfSettled, subscriptionsOf } from './subscriptions';

/** Cards: saved when she pays on the Checkout page, replaced in the portal. */

/** Saves the card on her customer (`payment_method.attached`). */
export function attachCard(
  account: AccountState,
  customerId: string,
  card: AcceptedCard,
  name: string | null,
  emit: Emit,
): PaymentMethod {
  const owner = customer(account, customerId);
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
    billing_details: { name, email: owner.email },
    customer: customerId,
    created: account.nowFor(customerId),
    livemode: false,
    decline_internal: card.chargeDecline,
  };
  account.data.paymentMethods[method.id] = method;
  emit('payment_method.attached', method);
  return method;
}

/**
 * The portal's "Update payment method": the new card becomes the default of the customer and of her live
 * subscriptions, and an invoice left open by a failed payment is charged to it at once.
 */
export function updateCard(
  account: AccountState,
  customerId: string,
  card: AcceptedCard,
  name: string | null,
): void {
  const owner = customer(account, customerId);
  account.change((emit) => {
    const method = attachCard(account, customerId, card, name, emit);
    const previousDefault = owner.invoice_settings.default_payment_method;
    owner.invoice_settings.default_payment_method = method.id;
    emit('customer.updated', owner, { invoice_settings: { default_payment_method: previousDefault } });
    for (const subscription of subscriptionsOf(account, customerId)) {
      if (!LIVE.has(subscription.status)) continue;
      const previous = subscription.default_payment_method;
      subscription.default_payment_method = method.id;
      emit('customer.subscription.updated', subscription, { default_payment_method: previous });
      for (const invoice of invoicesOf(account, subscription.id)) {
        if (invoice.status === 'open') chargeInvoice(account, invoice, account.nowFor(customerId), emit);
      }
      recoverIfSettled(account, subscription, emit);
    }
  });
}
