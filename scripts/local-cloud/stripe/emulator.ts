import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathOf, queryOf, readForm, redirect, sendHtml, sendText } from '../http';
import { StripeAccount } from './account';
import { createStripeApi } from './api';
import { checkCard } from './cards';
import { renderCheckoutPage, renderMessagePage } from './checkout-page';
import { renderDashboard } from './dashboard';
import { StripeApiError } from './errors';
import { bloomPrices, type Price } from './objects';
import { renderInvoicePage, renderPortalPage } from './portal-page';
import { StripeStore } from './store';
import { type WebhookQueue as Queue, WebhookQueue, type WebhookSettings } from './webhooks';

/** Test clocks, webhook settings, subscriptions and deliveries, like a tiny Stripe dashboard. */
export const DASHBOARD_PATH = '/dashboard';

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_bloom_local_emulator';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_bloom_local_emulator';

/** The shape of the JSON Bloom's Stripe secret holds, in AWS and locally. */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/** What can be changed while the emulator runs (tests make it as unkind as Stripe can be). */
export interface StripeEmulatorSettings {
  webhooks: Partial<WebhookSettings>;
  /** Milliseconds each API request takes (0 by default; Stripe's take a few hundred). */
  apiLatencyMs: number;
  /** Milliseconds between paying on the Checkout page and the payment's confirmation (0: before the redirect). */
  paymentConfirmationDelayMs: number;
  /** The next this many API requests answer 500 api_error, as during an outage at Stripe. */
  failNextRequests: number;
  /** Milliseconds a test clock stays `advancing` before it is `ready` at its new time (1000 by default). */
  testClockAdvanceMs: number;
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

/** Stripe takes a moment to advance a test clock; here a second, unless configured. */
const DEFAULT_TEST_CLOCK_ADVANCE_MS = 1000;

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
  const secretKey = options.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? LOCAL_STRIPE_WEBHOOK_SECRET;
  const store = new StripeStore(options.dataDir ? join(options.dataDir, 'stripe.json') : undefined);
  if (Object.keys(store.data.prices).length === 0) {
    for (const price of options.prices ?? bloomPrices()) store.data.prices[price.id] = price;
    store.save();
  }
  const settings = {
    apiLatencyMs: options.apiLatencyMs ?? 0,
    paymentConfirmationDelayMs: options.paymentConfirmationDelayMs ?? 0,
    failNextRequests: options.failNextRequests ?? 0,
    testClockAdvanceMs: options.testClockAdvanceMs ?? DEFAULT_TEST_CLOCK_ADVANCE_MS,
  };
  const webhooks = options.webhookUrl
    ? new WebhookQueue(
        {
          url: options.webhookUrl,
          secret: webhookSecret,
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
    secretKey,
    latencyMs: () => settings.apiLatencyMs,
    failing: () => {
      if (settings.failNextRequests <= 0) return false;
      settings.failNextRequests--;
      return true;
    },
  });

  function configure(changes: Partial<StripeEmulatorSettings>): void {
    if (changes.webhooks) webhooks?.configure(changes.webhooks);
    if (changes.apiLatencyMs !== undefined) settings.apiLatencyMs = changes.apiLatencyMs;
    if (changes.paymentConfirmationDelayMs !== undefined)
      settings.paymentConfirmationDelayMs = changes.paymentConfirmationDelayMs;
    if (changes.failNextRequests !== undefined) settings.failNextRequests = changes.failNextRequests;
    if (changes.testClockAdvanceMs !== undefined) settings.testClockAdvanceMs = changes.testClockAdvanceMs;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    if (path.startsWith('/v1/')) {
      await api(req, res, path);
      return true;
    }
    // The pages below act on the account as it is now: what fell due meanwhile happens first.
    account.catchUp();
    const checkout = /^\/checkout\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (checkout) {
      await hostedCheckout(req, res, checkout[1] as string);
      return true;
    }
    const portal = /^\/p\/session\/(bps_[A-Za-z0-9]+)$/.exec(path);
    if (portal) {
      await customerPortal(req, res, portal[1] as string);
      return true;
    }
    const invoice = /^\/invoices\/(in_[A-Za-z0-9]+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const found = account.data.invoices[invoice[1] as string];
      if (!found)
        sendHtml(res, 404, renderMessagePage('Something went wrong', 'This invoice does not exist.'));
      else sendHtml(res, 200, renderInvoicePage(account, found));
      return true;
    }
    if (path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)) return dashboard(req, res, path);
    return false;
  }

  async function dashboard(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (req.method === 'GET' && path === DASHBOARD_PATH) {
      sendHtml(
        res,
        200,
        renderDashboard(account, webhooks?.current, {
          confirmationDelayMs: settings.paymentConfirmationDelayMs,
          notice: new URLSearchParams(queryOf(req)).get('notice') ?? undefined,
        }),
      );
      return true;
    }
    if (req.method !== 'POST') return false;
    const form = await readForm(req);
    let notice: string | undefined;
    const cancel = /^\/dashboard\/subscriptions\/(sub_[A-Za-z0-9]+)\/cancel$/.exec(path);
    const simulate = /^\/dashboard\/subscriptions\/(sub_[A-Za-z0-9]+)\/simulate$/.exec(path);
    const advance = /^\/dashboard\/test-clocks\/(clock_[A-Za-z0-9]+)\/advance$/.exec(path);
    if (cancel) {
      ignoreStripeErrors(() => account.cancelSubscription(cancel[1] as string));
    } else if (simulate) {
      // Stripe's "Run simulation": her customer moves onto a new test clock that starts now.
      notice = stripeErrorOf(() => {
        const customerId = account.subscription(simulate[1] as string).customer;
        account.createTestClock({
          frozen_time: String(account.now()),
          customer: customerId,
          name: account.data.customers[customerId]?.email ?? customerId,
        });
      });
    } else if (advance) {
      const clock = account.data.testClocks[advance[1] as string];
      const from = clock?.frozen_time ?? account.now();
      const target =
        form.get('to') === 'next-period-end'
          ? // An hour past it, as Stripe renews a little after the period ends.
            (account.nextPeriodEndOn(advance[1] as string) ?? from) + 60 * 60
          : from + Math.round(Number(form.get('days') ?? 0) * 86_400);
      notice = stripeErrorOf(() =>
        account.advanceTestClock(advance[1] as string, { frozen_time: String(target) }),
      );
    } else if (path === '/dashboard/webhooks') {
      const number = (name: string, fallback: number) => {
        const value = Number(form.get(name));
        return Number.isFinite(value) && value >= 0 ? value : fallback;
      };
      const current = webhooks?.current;
      configure({
        webhooks: {
          delayMs: number('delayMs', current?.delayMs ?? 0),
          shuffle: form.get('shuffle') === 'on',
          duplicateRate: Math.min(1, number('duplicateRate', current?.duplicateRate ?? 0)),
          hold: form.get('hold') === 'on',
          lose: (form.get('lose') ?? '')
            .split(',')
            .map((type) => type.trim())
            .filter(Boolean),
        },
      });
    } else if (path === '/dashboard/payments') {
      const delay = Number(form.get('confirmationDelayMs'));
      if (Number.isFinite(delay) && delay >= 0) configure({ paymentConfirmationDelayMs: delay });
    } else if (path === '/dashboard/webhooks/release') {
      webhooks?.release();
    } else {
      return false;
    }
    const location = notice ? `${DASHBOARD_PATH}?${new URLSearchParams({ notice })}` : DASHBOARD_PATH;
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
    return true;
  }

  async function hostedCheckout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = account.data.sessions[id];
    const prices = account.prices();
    if (!session)
      return sendHtml(
        res,
        404,
        renderMessagePage('Something went wrong', 'This checkout page does not exist.'),
      );
    if (session.status === 'complete') {
      return sendHtml(
        res,
        200,
        renderMessagePage('Payment complete', 'This subscription is already paid. Thank you!', {
          href: successUrlOf(session.success_url, session.id),
          label: 'Return to Bloom',
        }),
      );
    }
    if (session.status === 'expired') {
      return sendHtml(
        res,
        410,
        renderMessagePage(
          'Session expired',
          'This checkout page has expired. Please start again from Bloom.',
          session.cancel_url ? { href: session.cancel_url, label: 'Back to Bloom' } : undefined,
        ),
      );
    }
    const customer = session.customer ? account.data.customers[session.customer] : undefined;
    const knownEmail = customer?.email ?? session.customer_email;
    if (req.method !== 'POST')
      return sendHtml(res, 200, renderCheckoutPage({ session, prices, email: knownEmail }));

    const form = await readForm(req);
    const values = {
      number: form.get('number') ?? '',
      expiry: form.get('expiry') ?? '',
      cvc: form.get('cvc') ?? '',
      name: form.get('name') ?? '',
    };
    const email = knownEmail ?? (form.get('email')?.trim() || null);
    const verdict = checkCard(values, new Date(account.now() * 1000));
    // A card that can be saved but not charged fails here, where Checkout charges it at once.
    const error = !verdict.ok
      ? verdict
      : verdict.chargeDecline
        ? { field: 'number' as const, message: verdict.chargeDecline.message }
        : undefined;
    if (!verdict.ok || error) {
      // Stripe's page keeps what was typed, except the security code.
      return sendHtml(
        res,
        402,
        renderCheckoutPage({
          session,
          prices,
          email: knownEmail,
          values: { ...values, cvc: '' },
          ...(error ? { error } : {}),
        }),
      );
    }
    const completed = account.completeCheckout(session.id, {
      email,
      name: values.name.trim() || null,
      card: verdict,
    });
    // Its webhooks leave after this answer, never before: the browser is back in the app first.
    res.writeHead(303, {
      location: successUrlOf(completed.success_url, completed.id),
      'cache-control': 'no-store',
    });
    res.end();
  }

  async function customerPortal(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = account.openPortalSession(id);
    if (!session) {
      return sendHtml(
        res,
        404,
        renderMessagePage(
          'This link has expired',
          'Portal links work for a few minutes. Please open Manage subscription in Bloom again.',
        ),
      );
    }
    const self = `/p/session/${session.id}`;
    if (req.method !== 'POST') {
      const done = new URLSearchParams(queryOf(req)).get('done') ?? '';
      return sendHtml(res, 200, renderPortalPage({ session, account, notice: PORTAL_NOTICES[done] }));
    }
    const form = await readForm(req);
    const action = form.get('action') ?? '';
    if (action === 'update_card') {
      const values = {
        number: form.get('number') ?? '',
        expiry: form.get('expiry') ?? '',
        cvc: form.get('cvc') ?? '',
        name: form.get('name') ?? '',
      };
      const verdict = checkCard(values, new Date(account.now() * 1000));
      if (!verdict.ok) {
        return sendHtml(
          res,
          402,
          renderPortalPage({ session, account, card: { values: { ...values, cvc: '' }, error: verdict } }),
        );
      }
      account.updateCard(session.customer, verdict, values.name.trim() || null);
    } else {
      const subscription = account.data.subscriptions[form.get('subscription') ?? ''];
      if (!subscription || subscription.customer !== session.customer || !(action in PORTAL_NOTICES)) {
        return sendHtml(res, 400, renderMessagePage('Something went wrong', 'That cannot be done here.'));
      }
      ignoreStripeErrors(() => {
        if (action === 'cancel')
          account.updateSubscription(subscription.id, { cancel_at_period_end: 'true' });
        if (action === 'renew')
          account.updateSubscription(
            subscription.id,
            subscription.cancel_at !== null ? { cancel_at: '' } : { cancel_at_period_end: 'false' },
          );
        if (action === 'cancel_now') account.cancelSubscription(subscription.id);
      });
    }
    res.writeHead(303, { location: `${self}?done=${action}`, 'cache-control': 'no-store' });
    res.end();
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
    keys: { secretKey, webhookSecret },
  };
}

const PORTAL_NOTICES: Record<string, string> = {
  cancel: 'Your plan will be canceled at the end of the billing period.',
  cancel_now: 'Your plan has been canceled.',
  renew: 'Your plan has been renewed.',
  update_card: 'Your card has been updated.',
};

/** A dashboard or portal button on something that can no longer change (already cancelled): nothing happens. */
function ignoreStripeErrors(run: () => unknown): void {
  stripeErrorOf(run);
}

/** Runs a dashboard action; Stripe's refusal, if any, is returned as the message to show. */
function stripeErrorOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return error.message;
  }
}

/** Stripe fills in `{CHECKOUT_SESSION_ID}` in success_url. */
function successUrlOf(template: string, sessionId: string): string {
  return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}
