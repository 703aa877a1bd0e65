import { invalidParam, missingParam, StripeApiError } from '../errors';
import { type Charge, newId, type Refund } from '../objects';
import type { AccountState } from './account-state';
import { metadataOf, optionalString, type Params } from './params';
import type { RouteTable } from './route-table';

/** Refunds: all or part of what is left of a charge, at once (`refund.created`, `charge.refunded`). */

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** POST /v1/refunds: all or part of what is left of a charge (named directly or by its PaymentIntent). */
function createRefund(account: AccountState, params: Params): Refund {
  const charge = chargeToRefund(account, params);
  const amount = amountToRefund(charge, params);
  const reason = optionalString(params, 'reason');
  if (reason && !REASONS.includes(reason)) {
    throw invalidParam(
      'reason',
      `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
    );
  }
  return account.change((emit) => {
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: reason as Refund['reason'],
      status: 'succeeded',
      created: account.nowFor(charge.customer),
      metadata: metadataOf(params.metadata),
    };
    account.data.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
    emit('refund.created', refund);
    emit('charge.refunded', charge, { amount_refunded: charge.amount_refunded - amount });
    return refund;
  });
}

/** The charge `charge` names, or the successful one of the PaymentIntent `payment_intent` names. */
function chargeToRefund(account: AccountState, params: Params): Charge {
  const intentId = optionalString(params, 'payment_intent');
  const chargeId = optionalString(params, 'charge');
  if (!intentId && !chargeId) throw missingParam('charge');
  if (chargeId) return account.find('charges', chargeId, 'charge', 'charge');
  const intent = account.find('paymentIntents', intentId as string, 'payment_intent', 'payment_intent');
  const charge = intent.latest_charge ? account.data.charges[intent.latest_charge] : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      { code: 'charge_not_refundable' },
    );
  }
  return charge;
}

/** `amount`, or all that is left of the charge; never more than is left. */
function amountToRefund(charge: Charge, params: Params): number {
  const refundable = charge.amount_captured - charge.amount_refunded;
  if (refundable <= 0) {
    throw new StripeApiError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = params.amount === undefined ? refundable : Number(params.amount);
  if (!Number.isInteger(amount) || amount <= 0) {
    throw invalidParam('amount', 'Invalid positive integer');
  }
  if (amount > refundable) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  return amount;
}

export const refundRoutes: RouteTable = {
  'POST refunds': (account, { params }) => createRefund(account, params),
  'GET refunds/:id': (account, { id }) => account.find('refunds', id, 'refund'),
};
