import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathOf, readForm, redirect, sendHtml, sendText } from '../http';
import { StripeAccount } from './account';
import { createStripeApi } from './api';
import { checkCard } from './cards';
import { renderCheckoutPage, renderMessagePage } from './checkout-page';
import { renderDashboard } from './dashboard';
import { StripeApiError } from './errors';
import { bloomPrices, LOCAL_PRICE_IDS, type Price } from './objects';
import { StripeStore } from './store';

/** Subscriptions (with a Cancel button) and webhook deliveries, like a tiny Stripe dashboard. */
export const DASHBOARD_PATH = '/dashboard';

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_bloom_local_emulator';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_bloom_local_emulator';

/** The shape of the JSON Bloom's Stripe secret holds, in AWS and locally. */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeEmulatorOptions {
  /** Where the app receives webhooks, e.g. `https://localhost:5173/api/billing/webhook`; none: events are only kept. */
  webhookUrl?: string;
  /** CA certificate to trust when webhookUrl is https with a self-signed certificate (the local cloud's). */
  webhookCa?: string | Buffer;
  secretKey?: string;
  webhookSecret?: string;
  /** Keeps customers, sessions and subscriptions in `{dataDir}/stripe.json` across restarts. */
  dataDir?: string;
  prices?: readonly Price[];
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface StripeEmulator {
  /** The emulator's origin: the API under /v1, hosted Checkout under /checkout, a small dashboard at /dashboard. */
  url: string;
  account: StripeAccount;
  /** Where Bloom's billing handlers find this emulator and its prices (their environment). */
  env: {
    STRIPE_API_BASE: string;
    STRIPE_PRICE_MONTHLY: string;
    STRIPE_PRICE_YEARLY: string;
  };
  /** The account's API key and webhook signing secret: Bloom reads them from Secrets Manager (billing-secret.ts). */
  keys: StripeKeys;
  stop(): Promise<void>;
}

/**
 * A local Stripe: the API subset Bloom's handlers call through the official SDK, the hosted Checkout page
 * with test cards, and signed webhooks to the app. It listens on its own plain-http loopback port, like
 * api.stripe.com and checkout.stripe.com are an origin of their own, and so that the SDKs need no trust
 * in the local cloud's self-signed certificate.
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
  return {
    url,
    account: emulator.account,
    env: emulator.env,
    keys: emulator.keys,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The emulator as a request handler, for a server that already exists: `handle` answers the emulator's paths
 * (/v1/..., /checkout/..., /dashboard...) and returns false for anything else. `origin` is where that
 * server is reached.
 */
export function createStripeEmulator(options: StripeEmulatorOptions & { origin: string }) {
  const secretKey = options.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? LOCAL_STRIPE_WEBHOOK_SECRET;
  const prices = options.prices ?? bloomPrices();
  const store = new StripeStore(options.dataDir ? join(options.dataDir, 'stripe.json') : undefined);
  const account = new StripeAccount(store, {
    prices,
    checkoutOrigin: options.origin,
    webhook: options.webhookUrl
      ? {
          url: options.webhookUrl,
          secret: webhookSecret,
          ...(options.webhookCa ? { ca: options.webhookCa } : {}),
        }
      : undefined,
  });
  const api = createStripeApi(account, { secretKey });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    if (path.startsWith('/v1/')) {
      await api(req, res, path);
      return true;
    }
    const checkout = /^\/checkout\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (checkout) {
      await hostedCheckout(req, res, checkout[1] as string);
      return true;
    }
    if (method === 'GET' && path === DASHBOARD_PATH) {
      sendHtml(res, 200, renderDashboard(account.data));
      return true;
    }
    const action =
      /^\/dashboard\/subscriptions\/(sub_[A-Za-z0-9]+)\/(cancel|renewal-fails|renewal-succeeds)$/.exec(path);
    if (method === 'POST' && action) {
      const id = action[1] as string;
      const change =
        action[2] === 'cancel'
          ? account.cancelSubscription(id)
          : account.renew(id, action[2] === 'renewal-fails' ? 'fails' : 'succeeds');
      await change.catch((error) => {
        if (!(error instanceof StripeApiError)) throw error;
      });
      redirect(res, DASHBOARD_PATH);
      return true;
    }
    return false;
  }

  async function hostedCheckout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = account.data.sessions[id] ? account.session(id) : undefined;
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
    const verdict = checkCard(values, new Date());
    if (!verdict.ok) {
      // Stripe's page keeps what was typed, except the security code.
      return sendHtml(
        res,
        402,
        renderCheckoutPage({
          session,
          prices,
          email: knownEmail,
          values: { ...values, cvc: '' },
          error: verdict,
        }),
      );
    }
    const completed = await account.completeCheckout(session.id, { email, name: values.name.trim() || null });
    res.writeHead(303, {
      location: successUrlOf(completed.success_url, completed.id),
      'cache-control': 'no-store',
    });
    res.end();
  }

  return {
    account,
    handle,
    env: {
      STRIPE_API_BASE: options.origin,
      STRIPE_PRICE_MONTHLY: LOCAL_PRICE_IDS.monthly,
      STRIPE_PRICE_YEARLY: LOCAL_PRICE_IDS.yearly,
    },
    keys: { secretKey, webhookSecret },
  };
}

/** Stripe fills in `{CHECKOUT_SESSION_ID}` in success_url. */
function successUrlOf(template: string, sessionId: string): string {
  return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}
