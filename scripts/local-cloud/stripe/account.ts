import { invalidParam, missingParam, noSuch, StripeApiError } from './errors';
import {
  type CheckoutSession,
  type Customer,
  type Metadata,
  newId,
  nowSeconds,
  type Price,
  periodEnd,
  publicSession,
  type Subscription,
} from './objects';
import type { StripeStore } from './store';
import { buildEvent, type Delivery, deliver, type WebhookEndpoint } from './webhooks';

/** Form parameters as qs parses them: strings, nested objects and arrays. */
export type Params = Record<string, unknown>;

export interface AccountOptions {
  prices: readonly Price[];
  /** Origin of the hosted checkout pages (the emulator's own). */
  checkoutOrigin: string;
  webhook: WebhookEndpoint | undefined;
}

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * One Stripe test-mode account: customers, Checkout Sessions, subscriptions, and the events they emit. Every
 * state change is saved, then its events are delivered to the webhook endpoint before the call returns, so
 * that when a browser is sent back to the app the app already knows.
 */
export class StripeAccount {
  constructor(
    private readonly store: StripeStore,
    private readonly options: AccountOptions,
  ) {}

  get data() {
    return this.store.data;
  }

  price(id: string): Price | undefined {
    return this.options.prices.find((price) => price.id === id);
  }

  createCustomer(params: Params): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      email: optionalString(params, 'email'),
      name: optionalString(params, 'name'),
      description: optionalString(params, 'description'),
      metadata: metadataOf(params.metadata),
      created: nowSeconds(),
      livemode: false,
      currency: null,
      delinquent: false,
    };
    this.data.customers[customer.id] = customer;
    this.store.save();
    return customer;
  }

  customer(id: string): Customer {
    const customer = this.data.customers[id];
    if (!customer) throw noSuch('customer', id);
    return customer;
  }

  createCheckoutSession(params: Params, apiVersion: string): ReturnType<typeof publicSession> {
    const mode = optionalString(params, 'mode');
    if (!mode) throw missingParam('mode');
    if (mode !== 'subscription') {
      throw invalidParam('mode', `The local Stripe emulator supports mode=subscription only, not '${mode}'.`);
    }
    const successUrl = optionalString(params, 'success_url');
    if (!successUrl) throw missingParam('success_url');
    const customerId = optionalString(params, 'customer');
    if (customerId && !this.data.customers[customerId]) throw noSuch('customer', customerId, 'customer');
    const lineItems = lineItemsOf(params.line_items);
    if (lineItems.length === 0) throw missingParam('line_items');
    let currency = '';
    let total = 0;
    lineItems.forEach((item, index) => {
      const price = this.price(item.price);
      if (!price) throw noSuch('price', item.price, `line_items[${index}][price]`);
      currency ||= price.currency;
      total += price.unit_amount * item.quantity;
    });
    const subscriptionData = params.subscription_data as Params | undefined;
    const created = nowSeconds();
    const session: CheckoutSession = {
      id: newId('cs_test'),
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId,
      customer_email: optionalString(params, 'customer_email'),
      customer_details: null,
      client_reference_id: optionalString(params, 'client_reference_id'),
      success_url: successUrl,
      cancel_url: optionalString(params, 'cancel_url'),
      url: null,
      currency,
      amount_subtotal: total,
      amount_total: total,
      subscription: null,
      metadata: metadataOf(params.metadata),
      created,
      expires_at: created + SESSION_LIFETIME_SECONDS,
      livemode: false,
      line_items_internal: lineItems,
      subscription_metadata: metadataOf(subscriptionData?.metadata),
      api_version: apiVersion,
    };
    session.url = `${this.options.checkoutOrigin}/checkout/${session.id}`;
    this.data.sessions[session.id] = session;
    this.store.save();
    return publicSession(session);
  }

  session(id: string): CheckoutSession {
    const session = this.data.sessions[id];
    if (!session) throw noSuch('checkout.session', id);
    if (session.status === 'open' && session.expires_at <= nowSeconds()) {
      session.status = 'expired';
      session.url = null;
      this.store.save();
    }
    return session;
  }

  subscription(id: string): Subscription {
    const subscription = this.data.subscriptions[id];
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  /**
   * The customer paid on the hosted page: the session completes, its subscription starts, and Stripe tells
   * the app with customer.subscription.created and checkout.session.completed.
   */
  async completeCheckout(
    sessionId: string,
    payer: { email: string | null; name: string | null },
  ): Promise<CheckoutSession> {
    const session = this.session(sessionId);
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
    }
    let customerId = session.customer;
    if (!customerId)
      customerId = this.createCustomer({ email: payer.email ?? '', name: payer.name ?? '' }).id;
    const start = nowSeconds();
    const subscriptionId = newId('sub');
    const items = session.line_items_internal.map((item) => {
      const price = this.price(item.price) as Price;
      return {
        id: newId('si'),
        object: 'subscription_item' as const,
        price,
        quantity: item.quantity,
        current_period_start: start,
        current_period_end: periodEnd(start, price.recurring.interval),
        created: start,
        metadata: {},
        subscription: subscriptionId,
      };
    });
    const subscription: Subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      items: {
        object: 'list',
        data: items,
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      currency: session.currency,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      start_date: start,
      billing_cycle_anchor: start,
      collection_method: 'charge_automatically',
      latest_invoice: null,
      metadata: session.subscription_metadata,
      created: start,
      livemode: false,
    };
    this.data.subscriptions[subscription.id] = subscription;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscription.id,
      url: null,
      customer_details: { email: payer.email, name: payer.name },
    } satisfies Partial<CheckoutSession>);
    this.store.save();
    await this.emit('customer.subscription.created', subscription, session.api_version);
    await this.emit('checkout.session.completed', publicSession(session), session.api_version);
    return session;
  }

  /** DELETE /v1/subscriptions/:id: ends the subscription now and emits customer.subscription.deleted. */
  async cancelSubscription(id: string): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `A canceled subscription can only update its cancellation_details and metadata. (id: ${id})`,
      );
    }
    const now = nowSeconds();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
    } satisfies Partial<Subscription>);
    this.store.save();
    await this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /**
   * What happens at a renewal: the payment fails (`past_due`) or goes through again (`active`). Stripe tells
   * the app with customer.subscription.updated, naming the previous status.
   */
  async renew(id: string, outcome: 'fails' | 'succeeds'): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `Subscription ${id} is canceled.`);
    }
    const previous = subscription.status;
    subscription.status = outcome === 'fails' ? 'past_due' : 'active';
    if (outcome === 'succeeds' && previous === 'active') {
      // A paid renewal starts the next period.
      for (const item of subscription.items.data) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
      }
    }
    this.store.save();
    await this.emit('customer.subscription.updated', subscription, undefined, { status: previous });
    return subscription;
  }

  private async emit(
    type: string,
    object: unknown,
    apiVersion?: string,
    previousAttributes?: Record<string, unknown>,
  ): Promise<Delivery | undefined> {
    // A snapshot: later changes to the object must not alter an event already sent.
    const event = buildEvent(type, structuredClone(object), apiVersion);
    if (previousAttributes) event.data.previous_attributes = previousAttributes;
    this.store.recordEvent(event);
    this.store.save();
    if (!this.options.webhook) return undefined;
    const delivery = await deliver(this.options.webhook, event);
    this.store.recordDelivery(delivery);
    this.store.save();
    return delivery;
  }
}

function optionalString(params: Params, key: string): string | null {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function metadataOf(value: unknown): Metadata {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

function lineItemsOf(value: unknown): { price: string; quantity: number }[] {
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
