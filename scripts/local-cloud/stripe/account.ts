import type { CardVerdict } from './cards';
import { invalidParam, missingParam, noSuch, StripeApiError } from './errors';
import {
  type Charge,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type InvoicePayment,
  type Metadata,
  newId,
  type PaymentIntent,
  type PaymentMethod,
  type PortalSession,
  type Price,
  periodEnd,
  publicView,
  type Refund,
  type StripeEvent,
  type Subscription,
  type SubscriptionStatus,
  type TestClock,
} from './objects';
import type { StripeStore } from './store';
import {
  CUSTOMERS_PER_TEST_CLOCK,
  checkAdvance,
  newTestClock,
  SUBSCRIPTIONS_TO_SIMULATE,
  TEST_CLOCKS_PER_ACCOUNT,
  timestampParam,
} from './test-clocks';
import { Timers } from './timers';
import { buildEvent } from './webhooks';

/** Form parameters as qs parses them: strings, nested objects and arrays. */
export type Params = Record<string, unknown>;

export interface Deleted<Kind extends string> {
  id: string;
  object: Kind;
  deleted: true;
}

export type DeletedCustomer = Deleted<'customer'>;

export interface AccountOptions {
  /** Origin of the emulator's own pages (hosted Checkout, the portal, invoices). */
  origin: string;
  /** Receives the events of each change, together, once the change is saved. */
  publish: (events: StripeEvent[]) => void;
  /**
   * How long after she pays on the Checkout page the first invoice's payment is confirmed. 0 (a card): before
   * the browser is sent back. More: she is back in the app while the subscription is still `incomplete`, as
   * with a payment that needs a moment (or a bank) to confirm.
   */
  paymentConfirmationDelayMs: () => number;
  /** How long a test clock takes to advance: its status is `advancing` until then, as at Stripe. */
  testClockAdvanceMs: () => number;
}

const DAY = 24 * 60 * 60;
const SESSION_LIFETIME_SECONDS = DAY;
/** A subscription whose first invoice is not paid within 23 hours expires (Stripe's rule). */
const INCOMPLETE_LIFETIME_SECONDS = 23 * 60 * 60;
/** A portal link must be opened within five minutes; once opened, the session lasts an hour. */
const PORTAL_LINK_SECONDS = 5 * 60;
const PORTAL_SESSION_SECONDS = 60 * 60;
/** After a failed renewal, Stripe tries again after these many days; after the last, it cancels. */
const PAYMENT_RETRY_DAYS = [3, 5, 7];
/** Statuses Stripe keeps billing, and that can be cancelled. */
const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['trialing', 'active', 'past_due', 'unpaid']);

type Emit = (type: string, object: object, previousAttributes?: Record<string, unknown>) => void;

/**
 * One Stripe test-mode account: prices, customers, Checkout Sessions, subscriptions and their invoices,
 * payments and refunds, customer-portal sessions, test clocks, and the events each change emits.
 *
 * Time is Stripe's: a customer follows this machine's time, unless she is on a test clock, whose frozen_time
 * is "now" for her and everything of hers (her subscriptions, invoices, payments, Checkout Sessions) until the
 * clock is advanced. Renewals, failed-payment retries, cancellations at period end and expiries happen at their
 * moment, in order, each with its events: in real time whenever the account is next used (`catchUp`), and on a
 * test clock while it advances.
 */
export class StripeAccount {
  private readonly timers = new Timers();

  constructor(
    private readonly store: StripeStore,
    private readonly options: AccountOptions,
  ) {}

  get data() {
    return this.store.data;
  }

  /** Real time, in Unix seconds: "now" for every customer who is not on a test clock. */
  now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** "Now" for a customer: her test clock's frozen_time, or real time. */
  nowFor(customerId: string | null | undefined): number {
    const clock = this.clockOf(customerId);
    return clock ? clock.frozen_time : this.now();
  }

  private clockOf(customerId: string | null | undefined): TestClock | undefined {
    const clockId = customerId ? this.data.customers[customerId]?.test_clock : null;
    return clockId ? this.data.testClocks[clockId] : undefined;
  }

  stop(): void {
    this.timers.clear();
  }

  // ---- Time ----

  /**
   * Deletes the test clocks past their `deletes_after`, finishes those whose advancement is done, and does
   * what fell due in real time for the customers on no test clock.
   */
  catchUp(): void {
    const now = this.now();
    for (const clock of Object.values(this.data.testClocks)) {
      if (clock.deletes_after <= now) this.removeTestClock(clock);
      else if (clock.status === 'advancing' && (clock.advanced_at_ms_internal ?? 0) <= Date.now()) {
        this.finishAdvance(clock);
      }
    }
    this.runDue(undefined, now);
  }

  /**
   * Does everything that falls due up to `until` for the customers on `clock` (or on none), oldest first. On a
   * clock, its frozen_time stands at each moment as it comes, so what happens then is stamped with that time.
   */
  private runDue(clock: TestClock | undefined, until: number): void {
    for (let step = 0; step < 10_000; step++) {
      const next = this.nextDue(clock?.id ?? null, until);
      if (!next) return;
      if (clock) clock.frozen_time = Math.max(clock.frozen_time, next.at);
      next.run();
    }
    throw new Error('The Stripe emulator found more than 10,000 things due at once');
  }

  private nextDue(clockId: string | null, until: number): { at: number; run: () => void } | undefined {
    let next: { at: number; run: () => void } | undefined;
    const onThisClock = (customerId: string | null) => (this.clockOf(customerId)?.id ?? null) === clockId;
    const consider = (at: number, run: () => void) => {
      if (at <= until && (!next || at < next.at)) next = { at, run };
    };
    for (const session of Object.values(this.data.sessions)) {
      if (session.status === 'open' && onThisClock(session.customer)) {
        consider(session.expires_at, () => this.expireSessionAt(session));
      }
    }
    for (const subscription of Object.values(this.data.subscriptions)) {
      if (!onThisClock(subscription.customer)) continue;
      if (subscription.status === 'incomplete') {
        const at = subscription.created + INCOMPLETE_LIFETIME_SECONDS;
        consider(at, () => this.expireIncomplete(subscription, at));
        continue;
      }
      if (!LIVE.has(subscription.status)) continue;
      const end = currentPeriodEnd(subscription);
      const cancelAt =
        subscription.cancel_at ?? (subscription.cancel_at_period_end ? end : Number.POSITIVE_INFINITY);
      if (cancelAt <= end) {
        consider(cancelAt, () => this.endSubscription(subscription, cancelAt, 'cancellation_requested'));
      } else if (subscription.status === 'active' || subscription.status === 'past_due') {
        consider(end, () => this.renew(subscription, end));
      }
    }
    for (const invoice of Object.values(this.data.invoices)) {
      if (
        invoice.status === 'open' &&
        invoice.next_payment_attempt !== null &&
        onThisClock(invoice.customer)
      ) {
        const at = invoice.next_payment_attempt;
        consider(at, () => this.retryInvoice(invoice, at));
      }
    }
    return next;
  }

  // ---- Test clocks ----

  /**
   * POST /v1/test_helpers/test_clocks. With `customer`, an existing customer (and all of hers) moves onto the
   * new clock, as Stripe's "Run simulation" does; she cannot leave it again. Her objects already live at real
   * time, so such a clock cannot start before now.
   */
  createTestClock(params: Params): TestClock {
    if (Object.keys(this.data.testClocks).length >= TEST_CLOCKS_PER_ACCOUNT) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `You can have at most ${TEST_CLOCKS_PER_ACCOUNT} test clocks. Delete one before creating another.`,
      );
    }
    const clock = newTestClock(params, this.now());
    const customerId = optionalString(params, 'customer');
    const customer = customerId ? this.data.customers[customerId] : undefined;
    if (customerId && !customer) throw noSuch('customer', customerId, 'customer');
    if (customer) {
      if (customer.test_clock) {
        throw invalidParam('customer', `The customer ${customer.id} is already attached to a test clock.`);
      }
      if (this.subscriptionsOf(customer.id).length > SUBSCRIPTIONS_TO_SIMULATE) {
        throw invalidParam(
          'customer',
          `A customer with more than ${SUBSCRIPTIONS_TO_SIMULATE} subscriptions cannot be attached to a test clock.`,
        );
      }
      if (clock.frozen_time < this.now()) {
        throw invalidParam(
          'frozen_time',
          "A test clock for an existing customer cannot start before her objects' current time.",
        );
      }
    }
    return this.change((emit) => {
      this.data.testClocks[clock.id] = clock;
      emit('test_helpers.test_clock.created', clock);
      if (customer) {
        customer.test_clock = clock.id;
        for (const subscription of this.subscriptionsOf(customer.id)) subscription.test_clock = clock.id;
        for (const invoice of this.invoicesOfCustomer(customer.id)) invoice.test_clock = clock.id;
      }
      return clock;
    });
  }

  testClock(id: string, param?: string): TestClock {
    const clock = this.data.testClocks[id];
    if (!clock) throw noSuch('test clock', id, param);
    return clock;
  }

  testClocks(): TestClock[] {
    return Object.values(this.data.testClocks)
      .reverse()
      .sort((a, b) => b.created - a.created);
  }

  customersOn(clockId: string): Customer[] {
    return Object.values(this.data.customers).filter((customer) => customer.test_clock === clockId);
  }

  /**
   * POST /v1/test_helpers/test_clocks/:id/advance: answers at once with status `advancing`; what falls due on
   * the way (renewals, retries, endings, expiries) happens in order, at its moment, and the clock is `ready`
   * at its new frozen_time only some time later (testClockAdvanceMs), as at Stripe: poll it, or wait for
   * `test_helpers.test_clock.ready`.
   */
  advanceTestClock(id: string, params: Params): TestClock {
    const clock = this.testClock(id);
    const to = timestampParam(params, 'frozen_time');
    const ongoing = this.customersOn(id).flatMap((customer) =>
      this.subscriptionsOf(customer.id).filter(
        (subscription) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired',
      ),
    );
    checkAdvance(clock, to, ongoing);
    const delay = this.options.testClockAdvanceMs();
    const doneAt = Date.now() + delay;
    this.change((emit) => {
      Object.assign(clock, {
        status: 'advancing',
        status_details: { advancing: { target_frozen_time: to } },
        advanced_at_ms_internal: doneAt,
      } satisfies Partial<TestClock>);
      emit('test_helpers.test_clock.advancing', clock);
    });
    // Also finished by the next catchUp after doneAt, so a restart in between leaves no clock advancing forever.
    this.timers.later(delay, () => {
      if (this.data.testClocks[id]?.advanced_at_ms_internal === doneAt) this.finishAdvance(clock);
    });
    return clock;
  }

  private finishAdvance(clock: TestClock): void {
    const target = clock.status_details.advancing?.target_frozen_time ?? clock.frozen_time;
    this.runDue(clock, target);
    this.change((emit) => {
      Object.assign(clock, {
        frozen_time: target,
        status: 'ready',
        status_details: {},
        advanced_at_ms_internal: null,
      } satisfies Partial<TestClock>);
      emit('test_helpers.test_clock.ready', clock);
    });
  }

  /** DELETE /v1/test_helpers/test_clocks/:id: the clock goes, and so do its customers, as at Stripe. */
  deleteTestClock(id: string): Deleted<'test_helpers.test_clock'> {
    this.removeTestClock(this.testClock(id));
    return { id, object: 'test_helpers.test_clock', deleted: true };
  }

  private removeTestClock(clock: TestClock): void {
    for (const customer of this.customersOn(clock.id)) this.deleteCustomer(customer.id);
    this.change((emit) => {
      delete this.data.testClocks[clock.id];
      emit('test_helpers.test_clock.deleted', clock);
    });
  }

  /** When the next live subscription on the clock renews or ends, if any: where "advance past the next period end" goes. */
  nextPeriodEndOn(clockId: string): number | undefined {
    const ends = this.customersOn(clockId)
      .flatMap((customer) => this.subscriptionsOf(customer.id))
      .filter((subscription) => LIVE.has(subscription.status))
      .map((subscription) =>
        Math.min(subscription.cancel_at ?? Number.POSITIVE_INFINITY, currentPeriodEnd(subscription)),
      );
    const first = Math.min(...ends);
    return Number.isFinite(first) ? first : undefined;
  }

  // ---- Prices ----

  prices(): Price[] {
    return Object.values(this.data.prices);
  }

  price(id: string): Price {
    const price = this.data.prices[id];
    if (!price) throw noSuch('price', id);
    return price;
  }

  // ---- Customers ----

  createCustomer(params: Params): Customer {
    const clockId = optionalString(params, 'test_clock');
    const clock = clockId ? this.testClock(clockId, 'test_clock') : undefined;
    if (clock && this.customersOn(clock.id).length >= CUSTOMERS_PER_TEST_CLOCK) {
      throw invalidParam(
        'test_clock',
        `A test clock can have at most ${CUSTOMERS_PER_TEST_CLOCK} customers; ${clock.id} has them already.`,
      );
    }
    return this.change((emit) => {
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        email: optionalString(params, 'email'),
        name: optionalString(params, 'name'),
        description: optionalString(params, 'description'),
        metadata: metadataOf(params.metadata),
        created: clock?.frozen_time ?? this.now(),
        livemode: false,
        currency: null,
        delinquent: false,
        invoice_settings: { default_payment_method: null },
        test_clock: clock?.id ?? null,
      };
      this.data.customers[customer.id] = customer;
      emit('customer.created', customer);
      return customer;
    });
  }

  customer(id: string): Customer {
    const customer = this.data.customers[id];
    if (!customer) throw noSuch('customer', id);
    return customer;
  }

  /** GET /v1/customers/:id: a deleted customer is still answered, as `{ id, object, deleted: true }`. */
  retrieveCustomer(id: string): Customer | DeletedCustomer {
    if (this.data.deletedCustomers?.[id]) return { id, object: 'customer', deleted: true };
    return this.customer(id);
  }

  /**
   * DELETE /v1/customers/:id, as Stripe does it: the customer's live subscriptions are cancelled at once (each
   * with customer.subscription.deleted), its cards are detached, then it goes (customer.deleted). Deleting it again
   * is a 404, and nothing more can be done with it (no Checkout, no portal).
   */
  deleteCustomer(id: string): DeletedCustomer {
    const customer = this.customer(id);
    for (const subscription of this.subscriptionsOf(id)) {
      if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
        this.endSubscription(subscription, this.nowFor(id), 'cancellation_requested');
      }
    }
    return this.change((emit) => {
      for (const method of Object.values(this.data.paymentMethods)) {
        if (method.customer === id) method.customer = null;
      }
      delete this.data.customers[id];
      this.data.deletedCustomers = { ...this.data.deletedCustomers, [id]: true };
      emit('customer.deleted', customer);
      return { id, object: 'customer', deleted: true };
    });
  }

  // ---- Checkout ----

  createCheckoutSession(params: Params): CheckoutSession {
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
      const price = this.data.prices[item.price];
      if (!price) throw noSuch('price', item.price, `line_items[${index}][price]`);
      if (!price.active) {
        throw invalidParam(`line_items[${index}][price]`, `The price specified is inactive.`);
      }
      currency ||= price.currency;
      total += price.unit_amount * item.quantity;
    });
    const subscriptionData = params.subscription_data as Params | undefined;
    const created = this.nowFor(customerId);
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
      success_url: successUrl,
      cancel_url: optionalString(params, 'cancel_url'),
      url: `${this.options.origin}/checkout/${id}`,
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
    this.data.sessions[session.id] = session;
    this.store.save();
    return session;
  }

  session(id: string): CheckoutSession {
    const session = this.data.sessions[id];
    if (!session) throw noSuch('checkout.session', id);
    return session;
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  expireSession(id: string): CheckoutSession {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    this.expireSessionAt(session);
    return session;
  }

  private expireSessionAt(session: CheckoutSession): void {
    this.change((emit) => {
      Object.assign(session, { status: 'expired', url: null } satisfies Partial<CheckoutSession>);
      emit('checkout.session.expired', session);
    });
  }

  /**
   * She paid on the hosted page with a card that can be charged: the card is saved, the subscription starts
   * `incomplete` with its first invoice, the invoice is paid (now, or after paymentConfirmationDelayMs) and the
   * subscription becomes `active`, each step with the events Stripe sends for it.
   */
  completeCheckout(
    sessionId: string,
    payer: { email: string | null; name: string | null; card: Extract<CardVerdict, { ok: true }> },
  ): CheckoutSession {
    const session = this.session(sessionId);
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', 'This Checkout Session is no longer active.');
    }
    const customerId =
      session.customer ?? this.createCustomer({ email: payer.email ?? '', name: payer.name ?? '' }).id;
    const delay = this.options.paymentConfirmationDelayMs();
    const subscription = this.change((emit) => {
      const at = this.nowFor(customerId);
      const card = this.attachCard(customerId, payer.card, payer.name, emit);
      const subscriptionId = newId('sub');
      const items = session.line_items_internal.map((item) => {
        const price = this.price(item.price);
        return {
          id: newId('si'),
          object: 'subscription_item' as const,
          price,
          quantity: item.quantity,
          current_period_start: at,
          current_period_end: periodEnd(at, price.recurring.interval),
          created: at,
          metadata: {},
          subscription: subscriptionId,
        };
      });
      const created: Subscription = {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'incomplete',
        items: {
          object: 'list',
          data: items,
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
        currency: session.currency,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: { reason: null, comment: null, feedback: null },
        ended_at: null,
        start_date: at,
        billing_cycle_anchor: at,
        collection_method: 'charge_automatically',
        default_payment_method: card.id,
        latest_invoice: null,
        metadata: session.subscription_metadata_internal,
        created: at,
        livemode: false,
        test_clock: this.clockOf(customerId)?.id ?? null,
      };
      this.data.subscriptions[created.id] = created;
      const invoice = this.openInvoice(created, 'subscription_create', at, emit);
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
        this.payFirstInvoice(created, invoice, at, emit);
        session.payment_status = 'paid';
      }
      emit('checkout.session.completed', session);
      return created;
    });
    if (delay > 0) {
      this.timers.later(delay, () =>
        this.change((emit) => {
          const invoice = this.data.invoices[subscription.latest_invoice ?? ''];
          if (subscription.status !== 'incomplete' || invoice?.status !== 'open') return;
          this.payFirstInvoice(subscription, invoice, this.nowFor(subscription.customer), emit);
          session.payment_status = 'paid';
          emit('checkout.session.async_payment_succeeded', session);
        }),
      );
    }
    return session;
  }

  private payFirstInvoice(subscription: Subscription, invoice: Invoice, at: number, emit: Emit): void {
    if (!this.charge(invoice, at, emit)) return;
    subscription.status = 'active';
    emit('customer.subscription.updated', subscription, { status: 'incomplete' });
  }

  // ---- Subscriptions ----

  subscription(id: string): Subscription {
    const subscription = this.data.subscriptions[id];
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  /**
   * POST /v1/subscriptions/:id: cancel at period end (or at a date) and undo it, metadata, cancellation
   * details, default payment method. Emits customer.subscription.updated with what changed.
   */
  updateSubscription(id: string, params: Params): Subscription {
    const subscription = this.subscription(id);
    const known = new Set([
      'cancel_at_period_end',
      'cancel_at',
      'metadata',
      'cancellation_details',
      'default_payment_method',
      'expand',
      'proration_behavior',
    ]);
    const unknown = Object.keys(params).find((key) => !known.has(key));
    if (unknown) {
      throw invalidParam(unknown, `The local Stripe emulator does not support updating ${unknown}.`);
    }
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      const changesOnlyAllowed = Object.keys(params).every((key) =>
        ['metadata', 'cancellation_details', 'expand'].includes(key),
      );
      if (!changesOnlyAllowed) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `A canceled subscription can only update its cancellation_details and metadata.`,
        );
      }
    }
    const cancelAt =
      params.cancel_at === undefined ? undefined : params.cancel_at === '' ? null : Number(params.cancel_at);
    if (
      cancelAt !== undefined &&
      cancelAt !== null &&
      (!Number.isInteger(cancelAt) || cancelAt <= this.nowFor(subscription.customer))
    ) {
      throw invalidParam('cancel_at', 'cancel_at must be a time in the future.');
    }
    const card =
      params.default_payment_method === undefined
        ? undefined
        : optionalString(params, 'default_payment_method');
    if (card && this.data.paymentMethods[card]?.customer !== subscription.customer) {
      throw noSuch('payment_method', card, 'default_payment_method');
    }
    return this.change((emit) => {
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
        set('canceled_at', cancelling ? this.nowFor(subscription.customer) : null);
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

  /** DELETE /v1/subscriptions/:id: ends the subscription now and emits customer.subscription.deleted. */
  cancelSubscription(id: string): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `A canceled subscription can only update its cancellation_details and metadata. (id: ${id})`,
      );
    }
    this.endSubscription(subscription, this.nowFor(subscription.customer), 'cancellation_requested');
    return subscription;
  }

  private endSubscription(subscription: Subscription, at: number, reason: string): void {
    this.change((emit) => {
      const previous = { status: subscription.status };
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: subscription.canceled_at ?? at,
        ended_at: at,
        cancellation_details: { ...subscription.cancellation_details, reason },
      } satisfies Partial<Subscription>);
      // Stripe stops collecting a cancelled subscription's open invoices.
      for (const invoice of this.invoicesOf(subscription.id)) {
        if (invoice.status === 'open') invoice.next_payment_attempt = null;
      }
      emit('customer.subscription.deleted', subscription, previous);
    });
  }

  private expireIncomplete(subscription: Subscription, at: number): void {
    this.change((emit) => {
      subscription.status = 'incomplete_expired';
      subscription.ended_at = at;
      for (const invoice of this.invoicesOf(subscription.id)) {
        if (invoice.status !== 'open') continue;
        invoice.status = 'void';
        invoice.next_payment_attempt = null;
        invoice.status_transitions.voided_at = at;
        emit('invoice.voided', invoice);
      }
      emit('customer.subscription.updated', subscription, { status: 'incomplete' });
    });
  }

  /** The period ended: the next one starts and its invoice is charged; a failed charge makes it past_due. */
  private renew(subscription: Subscription, at: number): void {
    this.change((emit) => {
      const previous: Record<string, unknown> = { latest_invoice: subscription.latest_invoice };
      for (const item of subscription.items.data) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
      }
      const invoice = this.openInvoice(subscription, 'subscription_cycle', at, emit);
      const paid = this.charge(invoice, at, emit);
      if (!paid && subscription.status === 'active') {
        previous.status = 'active';
        subscription.status = 'past_due';
      }
      emit('customer.subscription.updated', subscription, previous);
    });
  }

  /** Smart Retries: the open invoice is charged again; after the last failure the subscription is cancelled. */
  private retryInvoice(invoice: Invoice, at: number): void {
    const subscription = this.data.subscriptions[invoice.parent.subscription_details.subscription];
    const paid = this.change((emit) => {
      const paid = this.charge(invoice, at, emit);
      if (paid && subscription) this.recoverIfSettled(subscription, emit);
      return paid;
    });
    if (!paid && invoice.next_payment_attempt === null && subscription && LIVE.has(subscription.status)) {
      this.endSubscription(subscription, at, 'payment_failed');
    }
  }

  /** A past_due subscription with nothing left open is active again. */
  private recoverIfSettled(subscription: Subscription, emit: Emit): void {
    if (subscription.status !== 'past_due') return;
    if (this.invoicesOf(subscription.id).some((invoice) => invoice.status === 'open')) return;
    subscription.status = 'active';
    emit('customer.subscription.updated', subscription, { status: 'past_due' });
  }

  // ---- Invoices and payments ----

  private invoicesOf(subscriptionId: string): Invoice[] {
    return Object.values(this.data.invoices).filter(
      (invoice) => invoice.parent.subscription_details.subscription === subscriptionId,
    );
  }

  /** A finalized invoice for the subscription's current period, with the PaymentIntent that will collect it. */
  private openInvoice(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    at: number,
    emit: Emit,
  ): Invoice {
    const customer = this.customer(subscription.customer);
    const id = newId('in');
    const lines = subscription.items.data.map((item) => ({
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
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const first = subscription.items.data[0];
    const invoice: Invoice = {
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
      number: `BLOOM-${String(Object.keys(this.data.invoices).length + 1).padStart(4, '0')}`,
      hosted_invoice_url: `${this.options.origin}/invoices/${id}`,
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
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: total,
      amount_received: 0,
      currency: invoice.currency,
      customer: customer.id,
      payment_method: null,
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      created: at,
      livemode: false,
      metadata: {},
    };
    const payment: InvoicePayment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: total,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    };
    this.data.invoices[invoice.id] = invoice;
    this.data.paymentIntents[intent.id] = intent;
    this.data.invoicePayments[payment.id] = payment;
    subscription.latest_invoice = invoice.id;
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    return invoice;
  }

  /**
   * Charges the invoice to the subscription's card (or the customer's default): paid, or failed with the next
   * attempt planned (none after the last). Returns whether it was paid.
   */
  private charge(invoice: Invoice, at: number, emit: Emit): boolean {
    const payment = Object.values(this.data.invoicePayments).find(
      (candidate) => candidate.invoice === invoice.id && candidate.is_default,
    );
    const intent = payment && this.data.paymentIntents[payment.payment.payment_intent];
    if (!payment || !intent) throw new Error(`Invoice ${invoice.id} has no payment`);
    const subscription = this.data.subscriptions[invoice.parent.subscription_details.subscription];
    const cardId =
      subscription?.default_payment_method ??
      this.data.customers[invoice.customer]?.invoice_settings.default_payment_method ??
      null;
    const card = cardId ? this.data.paymentMethods[cardId] : undefined;
    const decline = card ? card.decline_internal : { message: 'No payment method.', code: 'card_declined' };
    const charge: Charge = {
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
    this.data.charges[charge.id] = charge;
    Object.assign(intent, { latest_charge: charge.id, payment_method: card?.id ?? null });
    invoice.attempt_count++;
    invoice.attempted = true;
    if (decline) {
      intent.last_payment_error = decline;
      const retryDays = PAYMENT_RETRY_DAYS[invoice.attempt_count - 1];
      invoice.next_payment_attempt = retryDays === undefined ? null : at + retryDays * DAY;
      emit('charge.failed', charge);
      emit('payment_intent.payment_failed', intent);
      emit('invoice.payment_failed', invoice);
      return false;
    }
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
    return true;
  }

  invoice(id: string): Invoice {
    const invoice = this.data.invoices[id];
    if (!invoice) throw noSuch('invoice', id);
    return invoice;
  }

  paymentIntent(id: string): PaymentIntent {
    const intent = this.data.paymentIntents[id];
    if (!intent) throw noSuch('payment_intent', id);
    return intent;
  }

  chargeById(id: string): Charge {
    const charge = this.data.charges[id];
    if (!charge) throw noSuch('charge', id);
    return charge;
  }

  refund(id: string): Refund {
    const refund = this.data.refunds[id];
    if (!refund) throw noSuch('refund', id);
    return refund;
  }

  /** POST /v1/refunds: all or part of what is left of a charge (named directly or by its PaymentIntent). */
  createRefund(params: Params): Refund {
    const intentId = optionalString(params, 'payment_intent');
    const chargeId = optionalString(params, 'charge');
    if (!intentId && !chargeId) throw missingParam('charge');
    let charge: Charge | undefined;
    if (chargeId) {
      charge = this.data.charges[chargeId];
      if (!charge) throw noSuch('charge', chargeId, 'charge');
    } else {
      const intent = this.data.paymentIntents[intentId as string];
      if (!intent) throw noSuch('payment_intent', intentId as string, 'payment_intent');
      charge = intent.latest_charge ? this.data.charges[intent.latest_charge] : undefined;
      if (intent.status !== 'succeeded' || !charge) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          { code: 'charge_not_refundable' },
        );
      }
    }
    const refundable = charge.amount_captured - charge.amount_refunded;
    if (refundable <= 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        {
          code: 'charge_already_refunded',
        },
      );
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
    const reason = optionalString(params, 'reason');
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalidParam(
        'reason',
        `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
      );
    }
    const target = charge;
    return this.change((emit) => {
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: target.id,
        payment_intent: target.payment_intent,
        currency: target.currency,
        reason: reason as Refund['reason'],
        status: 'succeeded',
        created: this.nowFor(target.customer),
        metadata: metadataOf(params.metadata),
      };
      this.data.refunds[refund.id] = refund;
      target.amount_refunded += amount;
      target.refunded = target.amount_refunded >= target.amount_captured;
      emit('refund.created', refund);
      emit('charge.refunded', target, { amount_refunded: target.amount_refunded - amount });
      return refund;
    });
  }

  // ---- Cards ----

  private attachCard(
    customerId: string,
    card: Extract<CardVerdict, { ok: true }>,
    name: string | null,
    emit: Emit,
  ): PaymentMethod {
    const customer = this.customer(customerId);
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      billing_details: { name, email: customer.email },
      customer: customerId,
      created: this.nowFor(customerId),
      livemode: false,
      decline_internal: card.chargeDecline,
    };
    this.data.paymentMethods[method.id] = method;
    emit('payment_method.attached', method);
    return method;
  }

  /**
   * The portal's "Update payment method": the new card becomes the default of the customer and of her live
   * subscriptions, and an invoice left open by a failed payment is charged to it at once.
   */
  updateCard(customerId: string, card: Extract<CardVerdict, { ok: true }>, name: string | null): void {
    const customer = this.customer(customerId);
    this.change((emit) => {
      const method = this.attachCard(customerId, card, name, emit);
      const previousDefault = customer.invoice_settings.default_payment_method;
      customer.invoice_settings.default_payment_method = method.id;
      emit('customer.updated', customer, { invoice_settings: { default_payment_method: previousDefault } });
      for (const subscription of this.subscriptionsOf(customerId)) {
        if (!LIVE.has(subscription.status)) continue;
        const previous = subscription.default_payment_method;
        subscription.default_payment_method = method.id;
        emit('customer.subscription.updated', subscription, { default_payment_method: previous });
        for (const invoice of this.invoicesOf(subscription.id)) {
          if (invoice.status === 'open') this.charge(invoice, this.nowFor(customerId), emit);
        }
        this.recoverIfSettled(subscription, emit);
      }
    });
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return Object.values(this.data.subscriptions)
      .filter((subscription) => subscription.customer === customerId)
      .reverse()
      .sort((a, b) => b.created - a.created);
  }

  invoicesOfCustomer(customerId: string): Invoice[] {
    return Object.values(this.data.invoices)
      .filter((invoice) => invoice.customer === customerId)
      .reverse()
      .sort((a, b) => b.created - a.created);
  }

  // ---- The customer portal ----

  createPortalSession(params: Params): PortalSession {
    const customerId = optionalString(params, 'customer');
    if (!customerId) throw missingParam('customer');
    if (!this.data.customers[customerId]) throw noSuch('customer', customerId, 'customer');
    // A portal link lives in real time, even for a customer on a test clock: a browser opens it, not a simulation.
    const created = this.now();
    const id = newId('bps');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_bloom_local',
      created,
      customer: customerId,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: optionalString(params, 'return_url'),
      url: `${this.options.origin}/p/session/${id}`,
      expires_at_internal: created + PORTAL_LINK_SECONDS,
    };
    this.data.portalSessions[id] = session;
    this.store.save();
    return session;
  }

  /** The portal session behind a link, or undefined when it does not exist or has expired. */
  openPortalSession(id: string): PortalSession | undefined {
    const session = this.data.portalSessions[id];
    if (!session || session.expires_at_internal < this.now()) return undefined;
    // Opening the link starts the session proper, which lasts a while longer.
    const until = Math.max(session.expires_at_internal, session.created + PORTAL_SESSION_SECONDS);
    if (session.expires_at_internal !== until) {
      session.expires_at_internal = until;
      this.store.save();
    }
    return session;
  }

  // ---- Plumbing ----

  /**
   * Runs one change of the account: what it emits is recorded, saved and published together (one batch of
   * webhooks), after the change is complete.
   */
  private change<T>(run: (emit: Emit) => T): T {
    const events: StripeEvent[] = [];
    // One operation's events carry one second, as Stripe stamps them: ordering by `created` tells them not apart.
    const at = this.now();
    const emit: Emit = (type, object, previousAttributes) => {
      // A snapshot: later changes to the object must not alter an event already sent.
      const event = buildEvent(type, structuredClone(publicView(object)), at);
      if (previousAttributes) event.data.previous_attributes = previousAttributes;
      events.push(event);
    };
    const result = run(emit);
    for (const event of events) this.store.recordEvent(event);
    this.store.save();
    if (events.length > 0) this.options.publish(events);
    return result;
  }
}

function currentPeriodEnd(subscription: Subscription): number {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length > 0 ? Math.max(...ends) : Number.POSITIVE_INFINITY;
}

export function optionalString(params: Params, key: string): string | null {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function booleanOf(value: unknown, param: string): boolean {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  throw invalidParam(param, `Invalid boolean: ${String(value)}`);
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
