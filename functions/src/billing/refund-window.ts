import { REFUND_WINDOW_DAYS } from '@bloom/shared/billing/checkout';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid invoice as the guarantee sees it: when it was paid and what. */
export interface Payment {
  invoiceId: string;
  /** Unix seconds, as Stripe counts them. */
  paidAt: number;
  amount: number;
  currency: string;
}

export type RefundDecision =
  | { kind: 'nothing_paid' }
  | { kind: 'window_closed'; firstPaidAt: number }
  /** Refund `latest`, her most recent payment, in full. */
  | { kind: 'refund'; latest: Payment };

/**
 * The money-back guarantee (docs/rules.md#billing-states): within REFUND_WINDOW_DAYS of her first payment ever
 * (a later subscription does not start a new guarantee), her latest payment is refunded in full. Payments of
 * nothing (a free trial's invoice) do not count. `now` is Stripe's time for her (billing-now.ts).
 */
export function refundDecision(payments: readonly Payment[], now: Date): RefundDecision {
  const paid = payments.filter((payment) => payment.amount > 0);
  if (paid.length === 0) return { kind: 'nothing_paid' };
  const firstPaidAt = Math.min(...paid.map((payment) => payment.paidAt));
  if (now.getTime() - firstPaidAt * 1000 > REFUND_WINDOW_DAYS * DAY_MS)
    return { kind: 'window_closed', firstPaidAt };
  const latest = paid.reduce((newest, payment) => (payment.paidAt > newest.paidAt ? payment : newest));
  return { kind: 'refund', latest };
}
