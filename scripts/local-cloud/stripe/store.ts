import { JsonFile } from '../json-file';
import type { CheckoutSession, Customer, StripeEvent, Subscription } from './objects';
import type { Delivery } from './webhooks';

export interface StripeData {
  customers: Record<string, Customer>;
  sessions: Record<string, CheckoutSession>;
  subscriptions: Record<string, Subscription>;
  /** Newest last; the emulator keeps the most recent ones for the dashboard and GET /v1/events. */
  events: StripeEvent[];
  deliveries: Delivery[];
}

const KEEP_EVENTS = 200;

/** The emulator's account: in memory, and written through to a file when `npm start` gives one. */
export class StripeStore {
  private readonly file: JsonFile<StripeData>;

  constructor(path: string | undefined) {
    this.file = new JsonFile<StripeData>(path, () => ({
      customers: {},
      sessions: {},
      subscriptions: {},
      events: [],
      deliveries: [],
    }));
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
