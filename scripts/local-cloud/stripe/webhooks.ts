import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DEFAULT_API_VERSION, newId, type StripeEvent } from './objects';
import { signatureHeader } from './signature';
import { Timers } from './timers';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** Extra CA certificate to trust for an https endpoint (the local cloud's self-signed certificate). */
  ca?: string | Buffer;
}

/**
 * How the emulator delivers events. Stripe promises neither order nor exactly-once delivery, and its events
 * arrive after the browser is back in the app; the emulator can be as unkind, so that the app is tested
 * against what Stripe really does.
 */
export interface WebhookSettings {
  /** How long after a change its events go out. */
  delayMs: number;
  /** Send the events of one change in a random order (Stripe does not order them). */
  shuffle: boolean;
  /** Share of events (0 to 1) delivered a second time, as Stripe sometimes does. */
  duplicateRate: number;
  /** The waits before each retry of a delivery that got no 2xx answer: Stripe's schedule, compressed. */
  retryDelaysMs: readonly number[];
  /** Event types whose every delivery is lost on the way (the app never hears of them). */
  lose: readonly string[];
  /** Keep new deliveries waiting, undelivered, until `release()`. */
  hold: boolean;
}

/**
 * Stripe retries a failed delivery for up to three days with exponential backoff; here the same shape runs
 * in about a minute (1 s, 2 s, 4 s ... 32 s).
 */
export const COMPRESSED_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 32_000];

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  delayMs: 1000,
  shuffle: true,
  duplicateRate: 0.1,
  retryDelaysMs: COMPRESSED_RETRY_DELAYS_MS,
  lose: [],
  hold: false,
};

export interface DeliveryAttempt {
  /** Milliseconds since the epoch. */
  at: number;
  status: number | null;
  error?: string;
}

export type DeliveryState = 'scheduled' | 'held' | 'sending' | 'retrying' | 'succeeded' | 'failed' | 'lost';

export interface Delivery {
  id: string;
  eventId: string;
  type: string;
  state: DeliveryState;
  /** A second delivery of an event already sent (duplicateRate). */
  duplicate: boolean;
  attempts: DeliveryAttempt[];
  /** Milliseconds since the epoch of the next attempt, while one is planned. */
  nextAttemptAt: number | null;
}

export function buildEvent(
  type: string,
  object: unknown,
  created: number,
  apiVersion = DEFAULT_API_VERSION,
): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Where deliveries are recorded, for the dashboard (the store keeps the recent ones). */
export interface DeliveryLog {
  recordDelivery(delivery: Delivery): void;
  save(): void;
}

/**
 * The webhook endpoint's queue: each change's events go out together after `delayMs`, in order or shuffled,
 * some twice, each retried on any answer but a 2xx (a 4xx too, as Stripe does) until the schedule runs out.
 */
export class WebhookQueue {
  private settings: WebhookSettings;
  private readonly timers = new Timers();
  private readonly held: Delivery[] = [];
  /** The event each unfinished delivery carries; forgotten once the delivery is over. */
  private readonly events = new Map<string, StripeEvent>();
  private pending = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly endpoint: WebhookEndpoint,
    settings: Partial<WebhookSettings>,
    private readonly log: DeliveryLog,
    private readonly random: () => number = Math.random,
  ) {
    this.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...settings };
  }

  get current(): Readonly<WebhookSettings> {
    return this.settings;
  }

  configure(changes: Partial<WebhookSettings>): void {
    this.settings = { ...this.settings, ...changes };
    if (!this.settings.hold) this.release();
  }

  /** The events of one change: they leave together once `delayMs` has passed. */
  enqueue(events: readonly StripeEvent[]): void {
    if (events.length === 0 || this.stopped) return;
    const order = this.settings.shuffle ? shuffled(events, this.random) : [...events];
    const sends: { event: StripeEvent; duplicate: boolean }[] = order.map((event) => ({
      event,
      duplicate: false,
    }));
    for (const event of order) {
      if (this.random() < this.settings.duplicateRate) {
        // The copy goes out after its original, somewhere later in the batch.
        const after = sends.findIndex((send) => send.event === event);
        const at = after + 1 + Math.floor(this.random() * (sends.length - after));
        sends.splice(at, 0, { event, duplicate: true });
      }
    }
    const deliveries = sends.map(({ event, duplicate }) => {
      const delivery: Delivery = {
        id: newId('we_delivery'),
        eventId: event.id,
        type: event.type,
        state: 'scheduled',
        duplicate,
        attempts: [],
        nextAttemptAt: Date.now() + this.settings.delayMs,
      };
      this.events.set(delivery.id, event);
      this.log.recordDelivery(delivery);
      return delivery;
    });
    this.log.save();
    if (this.settings.hold) {
      for (const delivery of deliveries) this.start(delivery);
      return;
    }
    this.pending++;
    this.timers.later(this.settings.delayMs, () => {
      for (const delivery of deliveries) this.start(delivery);
      this.settle();
    });
  }

  /** Sends every held delivery now. */
  release(): void {
    const held = this.held.splice(0);
    for (const delivery of held) {
      this.pending++;
      delivery.state = 'scheduled';
      this.timers.later(0, () => this.send(delivery, 0));
    }
  }

  /** Forgets the held deliveries, as if they had been lost. */
  dropHeld(): Delivery[] {
    const held = this.held.splice(0);
    for (const delivery of held) {
      delivery.state = 'lost';
      delivery.nextAttemptAt = null;
      this.events.delete(delivery.id);
    }
    this.log.save();
    return held;
  }

  /** Resolves once nothing is scheduled, being sent or waiting for a retry (held deliveries wait for release). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.timers.clear();
    this.pending = 1;
    this.settle();
  }

  private start(delivery: Delivery): void {
    if (this.settings.lose.includes(delivery.type)) {
      delivery.state = 'lost';
      delivery.nextAttemptAt = null;
      this.events.delete(delivery.id);
      this.log.save();
      return;
    }
    if (this.settings.hold) {
      delivery.state = 'held';
      delivery.nextAttemptAt = null;
      this.held.push(delivery);
      this.log.save();
      return;
    }
    this.pending++;
    this.send(delivery, 0);
  }

  /** One attempt; a failure plans the next after the schedule's wait, or gives up. Ends one pending count. */
  private send(delivery: Delivery, retry: number): void {
    const event = this.events.get(delivery.id);
    if (!event || this.stopped) {
      this.settle();
      return;
    }
    delivery.state = 'sending';
    delivery.nextAttemptAt = null;
    void postEvent(this.endpoint, event).then((result) => {
      if (this.stopped) return;
      delivery.attempts.push({ at: Date.now(), ...result });
      const delay = this.settings.retryDelaysMs[retry];
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        delivery.state = 'succeeded';
      } else if (delay === undefined) {
        delivery.state = 'failed';
      } else {
        delivery.state = 'retrying';
        delivery.nextAttemptAt = Date.now() + delay;
        this.log.save();
        this.timers.later(delay, () => this.send(delivery, retry + 1));
        return;
      }
      this.events.delete(delivery.id);
      this.log.save();
      this.settle();
    });
  }

  /** One unit of work (a batch waiting for its delay, or a delivery until its last attempt) is over. */
  private settle(): void {
    this.pending = Math.max(0, this.pending - 1);
    if (this.pending > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * POSTs one event, signed, to the endpoint and reports its answer. The body is the exact string that was
 * signed, pretty-printed as Stripe sends it. Also what a test uses to deliver an event itself.
 */
export function postEvent(
  endpoint: WebhookEndpoint,
  event: StripeEvent,
): Promise<{ status: number | null; error?: string }> {
  const payload = JSON.stringify(event, null, 2);
  const signature = signatureHeader(payload, endpoint.secret);
  const url = new URL(endpoint.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(payload),
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        // An agent of its own: the shared default agent's options win over a request's, and the local push
        // service adds its own certificate authority there, which would replace this endpoint's.
        ...(endpoint.ca ? { ca: endpoint.ca, agent: false } : {}),
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(payload);
  });
}
