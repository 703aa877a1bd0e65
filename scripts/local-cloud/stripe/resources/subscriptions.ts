import { invalidParam, noSuch, StripeApiError } from '../errors';
import {
  type CheckoutSession,
  newId,
  periodEnd,
  publicView,
  type Subscription,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '../objects';
import type { AccountState, Emit } from './account-state';
import { invoicesOf } from './invoices';
import { listPage, newestFirst } from './list-page';
import { booleanOf, metadataOf, optionalString, type Params } from './params';
import type { RouteTable } from './route-table';

/**
 * Subscriptions: started by a paid Checkout Session (checkout-sessions.ts), changed or cancelled through the
 * API and the portal, renewed and retried as time passes (renewals.ts).
 */

/** Statuses Stripe keeps billing, and that can be cancelled. */
export const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/** Parameters `POST /v1/subscriptions/:id` takes here. */
const UPDATABLE = new Set([
  'cancel_at_period_end',
  'cancel_at',
  'metadata',
  'cancellation_details',
  'default_payment_method',
  'expand',
  'proration_behavior',
]);
/** What a cancelled subscription can still change. */
const UPDATABLE_WHEN_ENDED = ['metadata', 'cancellation_details', 'expand'];

/** Cancelled, or never paid: nothing more happens to it. */
export function hasEnded(subscription: Subscription): boolean {
  return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
}

export function currentPeriodEnd(subscription: Subscription): number {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length > 0 ? Math.max(...ends) : Number.POSITIVE_INFINITY;
}

export function subscriptionsOf(account: AccountState, customerId: string): Subscription[] {
  return newestFirst(
    Object.values(account.data.subscriptions).filter((subscription) => subscription.customer === customerId),
  );
}

/** A new subscription for what the session sold, `incomplete` until its first invoice is paid, charged to `cardId`. */
export function startSubscription(
  account: AccountState,
  session: CheckoutSession,
  customerId: string,
  cardId: string,
  at: number,
): Subscription {
  const id = newId('sub');
  const items = session.line_items_internal.map((item): SubscriptionItem => {
    const price = account.find('prices', item.price, 'price');
    return {
      id: newId('si'),
      object: 'subscription_item',
      price,
      quantity: item.quantity,
      current_period_start: at,
      current_period_end: periodEnd(at, price.recurring.interval),
      created: at,
      metadata: {},
      subscription: id,
    };
  });
  const subscription: Subscription = {
    id,
    object: 'subscription',
    customer: customerId,
    status: 'incomplete',
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    currency: session.currency,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    ended_at: null,
    start_date: at,
    billing_cycle_anchor: at,
    collection_method: 'charge_automatically',
    default_payment_method: cardId,
    latest_invoice: null,
    metadata: session.subscription_metadata_internal,
    created: at,
    livemode: false,
    test_clock: account.clockOf(customerId)?.id ?? null,
  };
  account.data.subscriptions[id] = subscription;
  return subscription;
}

/**
 * POST /v1/subscriptions/:id: cancel at period end (or at a date) and undo it, metadata, cancellation
 * details, default payment method. Emits customer.subscription.updated with what changed.
 */
export function updateSubscription(account: AccountState, id: string, params: Params): Subscription {
  const subscription = account.find('subscriptions', id, 'subscription');
  checkUpdatable(subscription, params);
  const cancelAt = cancelAtParam(account, subscription, params);
  const card = defaultPaymentMethodParam(account, subscription, params);
  return account.change((emit) => {
    const previous: Record<string, unknown> = {};
    const set = <K extends keyof Subscription>(key: K, value: Subscription[K]) => {
      if (JSON.stringify(subscription[key]) === JSON.stringify(value)) return;
      previous[key] = structuredClone(subscription[key]);
      subscription[key] = value;
    };
    if (params.cancel_at_period_end !== undefined) {
      const cancelling = booleanOf(params.cancel_at_period_end, 'cancel_at_period_end');
      set('cancel_at_period_end', cancelling);
      if (cancelling) set('cancel_at', null);
      set('canceled_at', cancelling ? account.nowFor(subscription.customer) : null);
      set('cancellation_details', {
        ...subscription.cancellation_details,
        reason: cancelling ? 'cancellation_requested' : null,
      });
    }
    if (cancelAt !== undefined) {
      set('cancel_at', cancelAt);
      if (cancelAt !== null) set('cancel_at_period_end', false);
    }
    if (params.metadata !== undefined) {
      set('metadata', { ...subscription.metadata, ...metadataOf(params.metadata) });
    }
    if (params.cancellation_details !== undefined) {
      const details = params.cancellation_details as Params;
      set('cancellation_details', {
        ...subscription.cancellation_details,
        comment: optionalString(details, 'comment') ?? subscription.cancellation_details.comment,
        feedback: optionalString(details, 'feedback') ?? subscription.cancellation_details.feedback,
      });
    }
    if (card !== undefined) set('default_payment_method', card);
    if (Object.keys(previous).length > 0) emit('customer.subscription.updated', subscription, previous);
    return subscription;
  });
}

/** Refuses a parameter the emulator does not update, and any change but metadata to an ended subscription. */
function checkUpdatable(subscription: Subscription, params: Params): void {
  const unknown = Object.keys(params).find((key) => !UPDATABLE.has(key));
  if (unknown) {
    throw invalidParam(unknown, `The local Stripe emulator does not support updating ${unknown}.`);
  }
  if (hasEnded(subscription) && !Object.keys(params).every((key) => UPDATABLE_WHEN_ENDED.includes(key))) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `A canceled subscription can only update its cancellation_details and metadata.`,
    );
  }
}

/** `cancel_at`: undefined when not given, null when cleared (''), else a time after her "now". */
function cancelAtParam(
  account: AccountState,
  subscription: Subscription,
  params: Params,
): number | null | undefined {
  const cancelAt =
    params.cancel_at === undefined ? undefined : params.cancel_at === '' ? null : Number(params.cancel_at);
  if (
    cancelAt !== undefined &&
    cancelAt !== null &&
    (!Number.isInteger(cancelAt) || cancelAt <= account.nowFor(subscription.customer))
  ) {
    throw invalidParam('cancel_at', 'cancel_at must be a time in the future.');
  }
  return cancelAt;
}

/** `default_payment_method`: undefined when not given, null when cleared, else a card of her customer's. */
function defaultPaymentMethodParam(
  account: AccountState,
  subscription: Subscription,
  params: Params,
): string | null | undefined {
  const card =
    params.default_payment_method === undefined
      ? undefined
      : optionalString(params, 'default_payment_method');
  if (card && account.data.paymentMethods[card]?.customer !== subscription.customer) {
    throw noSuch('payment_method', card, 'default_payment_method');
  }
  return card;
}

/** DELETE /v1/subscriptions/:id: ends the subscription now and emits customer.subscription.deleted. */
export function cancelSubscription(account: AccountState, id: string): Subscription {
  const subscription = account.find('subscriptions', id, 'subscription');
  if (hasEnded(subscription)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `A canceled subscription can only update its cancellation_details and metadata. (id: ${id})`,
    );
  }
  endSubscription(account, subscription, account.nowFor(subscription.customer), 'cancellation_requested');
  return subscription;
}

export function endSubscription(
  account: AccountState,
  subscription: Subscription,
  at: number,
  reason: string,
): void {
  account.change((emit) => {
    const previous = { status: subscription.status };
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? at,
      ended_at: at,
      cancellation_details: { ...subscription.cancellation_details, reason },
    } satisfies Partial<Subscription>);
    // Stripe stops collecting a cancelled subscription's open invoices.
    for (const invoice of invoicesOf(account, subscription.id)) {
      if (invoice.status === 'open') invoice.next_payment_attempt = null;
    }
    emit('customer.subscription.deleted', subscription, previous);
  });
}

/** A past_due subscription with nothing left open is active again. */
export function recoverIfSettled(account: AccountState, subscription: Subscription, emit: Emit): void {
  if (subscription.status !== 'past_due') return;
  if (invoicesOf(account, subscription.id).some((invoice) => invoice.status === 'open')) return;
  subscription.status = 'active';
  emit('customer.subscription.updated', subscription, { status: 'past_due' });
}

export const subscriptionRoutes: RouteTable = {
  'GET subscriptions': (account, { params, url }) => {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const subscriptions = (
      customer ? subscriptionsOf(account, customer) : Object.values(account.data.subscriptions).reverse()
    )
      // Without a status Stripe lists every subscription that is not cancelled; `all` lists them all.
      .filter((subscription) =>
        status === 'all'
          ? true
          : status
            ? subscription.status === status
            : subscription.status !== 'canceled',
      )
      .sort((a, b) => b.created - a.created);
    return listPage(subscriptions, params, url);
  },
  'GET subscriptions/:id': (account, { id }) => publicView(account.find('subscriptions', id, 'subscription')),
  'POST subscriptions/:id': (account, { id, params }) => publicView(updateSubscription(account, id, params)),
  'DELETE subscriptions/:id': (account, { id }) => publicView(cancelSubscription(account, id)),
};
