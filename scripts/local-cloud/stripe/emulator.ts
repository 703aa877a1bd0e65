import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathOf, redirect, sendText } from '../http';
import { StripeAccount } from './account';
import { createStripeApi } from './api';
import { DASHBOARD_PATH } from './dashboard-actions';
import { bloomPrices, type Price } from './objects';
import { createPageHandler } from './pages';
import { applySettings, initialSettings, type StripeEmulatorSettings, takeFailure } from './settings';
import { StripeStore } from './store';
import { type WebhookQueue as Queue, WebhookQueue } from './webhooks';

export type { StripeEmulatorSettings } from './settings';

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_bloom_local_emulator';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_bloom_local_emulator';

/** The shape of the JSON Bloom's Stripe secret holds, in AWS and locally. */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeEmulatorOptions extends Partial<StripeEmulatorSettings> {
  /** Where the app receives webhooks, e.g. `https://localhost:5173/api/billing/webhook`; none: events are only kept. */
  webhookUrl?: string;
  /** CA certificate to trust when webhookUrl is https with a self-signed certificate (the local cloud's). */
  webhookCa?: string | Buffer;
  secretKey?: string;
  webhookSecret?: string;
  /** Keeps the account in `{dataDir}/stripe.json` across restarts. */
  dataDir?: string;
  /** The account's prices when it is new; Bloom Pro's two by default. */
  prices?: readonly Price[];
  /** Where shuffles and duplicates draw from (a seeded generator makes a test repeatable). */
  random?: () => number;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface StripeEmulator {
  /** The emulator's origin: the API under /v1, hosted Checkout and the portal, a small dashboard at /dashboard. */
  url: string;
  account: StripeAccount;
  /** The webhook endpoint's queue, when there is an endpoint: `idle()`, `release()`, `dropHeld()`. */
  webhooks: Queue | undefined;
  /** Changes delays, shuffling, duplicates, lost types, holding, API latency, payment confirmation, outages, test clock advances. */
  configure(settings: Partial<StripeEmulatorSettings>): void;
  /** Where Bloom's billing handlers find this emulator (their environment); it has no price ids: Bloom finds prices by lookup key. */
  env: {
    STRIPE_API_BASE: string;
  };
  /** The account's API key and webhook signing secret: Bloom reads them from Secrets Manager (billing-secret.ts). */
  keys: StripeKeys;
  stop(): Promise<void>;
}

/** How often the emulator does what has fallen due (a renewal, an expiry) when nobody asks it anything. */
const CATCH_UP_INTERVAL_MS = 5000;

/**
 * A local Stripe: the API Bloom's handlers call through the official SDK, the hosted Checkout page with test
 * cards, the customer portal, test clocks, and signed webhooks to the app, delivered as Stripe delivers
 * them: later, in any order, sometimes twice, retried until answered. It listens on its own plain-http loopback
 * port, like api.stripe.com and checkout.stripe.com are an origin of their own, and so that the SDKs need no
 * trust in the local cloud's self-signed certificate.
 */
export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  let handle: ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) | undefined;
  const server: Server = createServer((req, res) => {
    const started = Date.now();
    if (pathOf(req) === '/') return redirect(res, DASHBOARD_PATH);
    (handle ? handle(req, res) : Promise.resolve(false))
      .then((handled) => {
        if (!handled) sendText(res, 404, 'Not Found');
        options.log?.(`stripe ${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
      })
      .catch((error) => {
        console.error('[stripe-emulator]', error);
        if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
        else res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const emulator = createStripeEmulator({ ...options, origin: url });
  handle = emulator.handle;
  const catchUp = setInterval(() => {
    try {
      emulator.account.catchUp();
    } catch (error) {
      console.error('[stripe-emulator]', error);
    }
  }, CATCH_UP_INTERVAL_MS);
  catchUp.unref();
  return {
    url,
    account: emulator.account,
    webhooks: emulator.webhooks,
    configure: emulator.configure,
    env: emulator.env,
    keys: emulator.keys,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(catchUp);
        emulator.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The emulator as a request handler, for a server that already exists: `handle` answers the emulator's paths
 * (/v1/..., /checkout/..., /p/session/..., /invoices/..., /dashboard...) and returns false for anything else.
 * `origin` is where that server is reached.
 */
export function createStripeEmulator(options: StripeEmulatorOptions & { origin: string }) {
  const keys: StripeKeys = {
    secretKey: options.secretKey ?? LOCAL_STRIPE_SECRET_KEY,
    webhookSecret: options.webhookSecret ?? LOCAL_STRIPE_WEBHOOK_SECRET,
  };
  const store = openStore(options);
  const settings = initialSettings(options);
  const webhooks = options.webhookUrl
    ? new WebhookQueue(
        {
          url: options.webhookUrl,
          secret: keys.webhookSecret,
          ...(options.webhookCa ? { ca: options.webhookCa } : {}),
        },
        options.webhooks ?? {},
        store,
        options.random,
      )
    : undefined;
  const account = new StripeAccount(store, {
    origin: options.origin,
    publish: (events) => webhooks?.enqueue(events),
    paymentConfirmationDelayMs: () => settings.paymentConfirmationDelayMs,
    testClockAdvanceMs: () => settings.testClockAdvanceMs,
  });
  const api = createStripeApi(account, {
    secretKey: keys.secretKey,
    latencyMs: () => settings.apiLatencyMs,
    failing: () => takeFailure(settings),
  });
  const configure = (changes: Partial<StripeEmulatorSettings>) => applySettings(settings, webhooks, changes);
  const page = createPageHandler({
    account,
    webhooks,
    paymentConfirmationDelayMs: () => settings.paymentConfirmationDelayMs,
    configure,
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = pathOf(req);
    if (!path.startsWith('/v1/')) return page(req, res, path);
    await api(req, res, path);
    return true;
  }

  return {
    account,
    webhooks,
    handle,
    configure,
    stop() {
      webhooks?.stop();
      account.stop();
    },
    env: {
      STRIPE_API_BASE: options.origin,
    },
    keys,
  };
}

/** The account's store (in `{dataDir}/stripe.json` when given); a new account gets its prices. */
function openStore(options: StripeEmulatorOptions): StripeStore {
  const store = new StripeStore(options.dataDir ? join(options.dataDir, 'stripe.json') : undefined);
  if (Object.keys(store.data.prices).length === 0) {
    for (const price of options.prices ?? bloomPrices()) store.data.prices[price.id] = price;
    store.save();
  }
  return store;
}
