import { noSuch } from '../errors';
import { publicView, type StripeEvent, type TestClock } from '../objects';
import type { StripeData, StripeStore } from '../store';
import { Timers } from '../timers';
import { buildEvent } from '../webhooks';

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

/** Records one event of a change: its type, the object as it is now, and what it was before, if that matters. */
export type Emit = (type: string, object: object, previousAttributes?: Record<string, unknown>) => void;

/** What Stripe answers for a deleted object. */
export interface Deleted<Kind extends string> {
  id: string;
  object: Kind;
  deleted: true;
}

/** The collections of the account that are looked up by id. */
type Collections = Omit<StripeData, 'deletedCustomers' | 'events' | 'deliveries'>;

/**
 * What every resource of the account works on: its data, Stripe's time for each customer, and the one way to
 * change the account so that the change's events are recorded, saved and published together.
 */
export class AccountState {
  private readonly timers = new Timers();

  constructor(
    private readonly store: StripeStore,
    readonly options: AccountOptions,
  ) {}

  get data(): StripeData {
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

  clockOf(customerId: string | null | undefined): TestClock | undefined {
    const clockId = customerId ? this.data.customers[customerId]?.test_clock : null;
    return clockId ? this.data.testClocks[clockId] : undefined;
  }

  /** The object with this id, or Stripe's 404 naming its `kind` (and the parameter that named it, if any). */
  find<K extends keyof Collections>(
    collection: K,
    id: string,
    kind: string,
    param?: string,
  ): Collections[K][string] {
    const found = this.data[collection][id] as Collections[K][string] | undefined;
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  /** Runs `run` after `ms` milliseconds, unless the emulator stops first. */
  later(ms: number, run: () => void): void {
    this.timers.later(ms, run);
  }

  /** Saves a change that emits no event (a new Checkout or portal session, a portal link's extension). */
  save(): void {
    this.store.save();
  }

  stop(): void {
    this.timers.clear();
  }

  /**
   * Runs one change of the account: what it emits is recorded, saved and published together (one batch of
   * webhooks), after the change is complete.
   */
  change<T>(run: (emit: Emit) => T): T {
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
