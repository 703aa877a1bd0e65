import type { RefundResponse } from '@bloom/shared/billing/checkout';
import { isLiveSubscriptionStatus } from '@bloom/shared/billing/subscription';
import type Stripe from 'stripe';
import { refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { billingNow } from './billing-now';
import { type Payment, refundDecision } from './refund-window';
import { stripe } from './stripe-client';
import { askStripe, isStripeError } from './stripe-errors';
import { idOf } from './subscription-state';
import { syncSubscription } from './sync';

/**
 * POST /api/billing/refund: the landing page's 30-day money-back guarantee. Within the window her live
 * subscriptions end now and her latest payment is refunded in full; after it, refund_window_closed. The window
 * is judged on Stripe's time (her test clock's, where she has one; `realNow` otherwise), the time her payments
 * are stamped with.
 *
 * Safe to repeat: each Stripe call carries an idempotency key named after what it acts on, a subscription
 * already cancelled is not live any more, and a payment already refunded counts as refunded. So a retry after
 * a timeout, or a second click, finishes what the first began and refunds nothing twice.
 */
export async function refundLatestPayment(caller: Caller, realNow: Date): Promise<RefundResponse> {
  const profile = await getProfile(caller.userId);
  refuseWhileDeleting(profile);
  const customerId = profile?.stripeCustomerId;
  if (!customerId) throw new DomainError('no_subscription');
  return askStripe('refund', async () => {
    const client = await stripe();
    const [payments, now] = await Promise.all([
      paymentsOf(client, customerId),
      billingNow(client, customerId, realNow),
    ]);
    const decision = refundDecision(payments, now);
    if (decision.kind === 'nothing_paid') throw new DomainError('no_subscription');
    if (decision.kind === 'window_closed') throw new DomainError('refund_window_closed');
    await cancelLiveSubscriptions(client, customerId);
    await refundInFull(client, decision.latest);
    const synced = await syncSubscription(customerId);
    log.info('Refunded under the guarantee', { customerId, invoiceId: decision.latest.invoiceId });
    return {
      amount: decision.latest.amount,
      currency: decision.latest.currency,
      subscription: synced?.subscription ?? null,
    };
  });
}

/** Every paid invoice of hers: the first decides the window, the latest is what is refunded. */
async function paymentsOf(client: Stripe, customerId: string): Promise<Payment[]> {
  const invoices = await client.invoices
    .list({ customer: customerId, status: 'paid', limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  return invoices.map((invoice) => ({
    invoiceId: invoice.id as string,
    paidAt: invoice.status_transitions?.paid_at ?? invoice.created,
    amount: invoice.amount_paid,
    currency: invoice.currency,
  }));
}

async function cancelLiveSubscriptions(client: Stripe, customerId: string): Promise<void> {
  const subscriptions = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  const live = subscriptions.data.filter((subscription) => isLiveSubscriptionStatus(subscription.status));
  await Promise.all(
    live.map((subscription) =>
      client.subscriptions.cancel(
        subscription.id,
        {},
        { idempotencyKey: `bloom-refund-cancel-${subscription.id}` },
      ),
    ),
  );
}

/** The invoice's payment, refunded whole; one that already is refunded needs nothing more. */
async function refundInFull(client: Stripe, payment: Payment): Promise<void> {
  const paid = await client.invoicePayments.list({ invoice: payment.invoiceId, status: 'paid', limit: 10 });
  for (const { payment: paidWith } of paid.data) {
    const paymentIntent = idOf(paidWith.payment_intent);
    const charge = idOf(paidWith.charge);
    if (!paymentIntent && !charge) continue;
    try {
      await client.refunds.create(
        {
          ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge as string }),
          reason: 'requested_by_customer',
        },
        { idempotencyKey: `bloom-refund-${payment.invoiceId}-${paymentIntent ?? charge}` },
      );
    } catch (error) {
      if (!isStripeError(error) || error.code !== 'charge_already_refunded') throw error;
    }
  }
}
