import { JsonFile } from '../json-file';
import type {
  Charge,
  CheckoutSession,
  Customer,
  Invoice,
  InvoicePayment,
  PaymentIntent,
  PaymentMethod,
  PortalSession,
  Price,
  Refund,
  StripeEvent,
  Subscription,
  TestClock,
} from './objects';
import type { Delivery } from './webhooks';

export interface StripeData {
  prices: Record<string, Price>;
  customers: Record<string, Customer>;
  /** Ids of deleted customers: Stripe still answers a retrieve of one, with `deleted: true`. */
  deletedCustomers?: Record<string, true>;
  paymentMethods: Record<string, PaymentMethod>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  invoicePayments: Record<string, InvoicePayment>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  portalSessions: Record<string, PortalSession>;
  testClocks: Record<string, TestClock>;
  /** Newest last; the emulator keeps the most recent ones for the dashboard and GET /v1/events. */
  events: StripeEvent[];
  deliveries: Delivery[];
}

const KEEP_EVENTS = 500;

function empty(): StripeData {
  return {
    prices: {},
    customers: {},
    paymentMethods: {},
    sessions: {},
    subscriptions: {},
    invoices: {},
    invoicePayments: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    portalSessions: {},
    testClocks: {},
    events: [],
    deliveries: [],
  };
}

/** The emulator's account: in memory, and written through to a file when `npm start` gives one. */
export class StripeStore {
  private readonly file: JsonFile<StripeData>;

  constructor(path: string | undefined) {
    this.file = new JsonFile<StripeData>(path, empty);
    // A file from an older emulator lacks the newer collections, and may hold the account-wide clock offset
    // it had before test clocks (Stripe has no such thing: a customer follows real time or her test clock).
    const { clockOffsetSeconds: _retired, ...kept } = this.file.value as StripeData & {
      clockOffsetSeconds?: number;
    };
    this.file.value = { ...empty(), ...kept };
  }

  get data(): StripeData {
    return this.file.value;
  }

  recordEvent(event: StripeEvent): void {
    this.data.events.push(event);
    this.data.events.splice(0, Math.max(0, this.data.events.length - KEEP_EVENTS));
  }

  recordDelivery(delivery: Delivery): void {
    this.data.deliveries.push(delivery);
    this.data.deliveries.splice(0, Math.max(0, this.data.deliveries.length - KEEP_EVENTS));
  }

  save(): void {
    this.file.save();
  }
}
