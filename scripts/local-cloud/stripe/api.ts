import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { readBody, sendJson } from '../http';
import type { StripeAccount } from './account';
import { StripeApiError } from './errors';
import { type Answer, IdempotencyKeys } from './idempotency-keys';
import { DEFAULT_API_VERSION, newId } from './objects';
import { checkoutSessionRoutes } from './resources/checkout-sessions';
import { customerRoutes } from './resources/customers';
import { eventRoutes } from './resources/events';
import { invoiceRoutes } from './resources/invoices';
import type { Params } from './resources/params';
import { paymentRoutes } from './resources/payments';
import { portalSessionRoutes } from './resources/portal-sessions';
import { priceRoutes } from './resources/prices';
import { refundRoutes } from './resources/refunds';
import type { RouteTable } from './resources/route-table';
import { subscriptionRoutes } from './resources/subscriptions';
import { testClockRoutes } from './resources/test-clocks';

export interface ApiOptions {
  secretKey: string;
  /** Milliseconds each request takes, half before and half after its work (Stripe's take a few hundred). */
  latencyMs: () => number;
  /** True while Stripe is having an outage: the request answers 500 api_error without doing anything. */
  failing: () => boolean;
}

/**
 * Stripe's REST API, the part Bloom uses: form-encoded requests, JSON responses, Stripe's error bodies,
 * Bearer secret-key authentication, idempotency keys (a key reused with other parameters is refused, and one
 * whose first request is still running answers 409, as Stripe does) and cursor pagination.
 */
export function createStripeApi(account: StripeAccount, options: ApiOptions) {
  const idempotency = new IdempotencyKeys();

  return async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const requestId = newId('req');
    const answer = ({ status, body, headers }: Answer) =>
      sendJson(res, status, body, {
        'request-id': requestId,
        'stripe-version': apiVersionOf(req),
        ...headers,
      });
    const latency = options.latencyMs();
    let claimedKey: string | undefined;
    try {
      authenticate(req.headers.authorization, options.secretKey);
      if (options.failing()) {
        throw new StripeApiError(
          500,
          'api_error',
          'An unknown error occurred (the local Stripe emulator is having an outage).',
        );
      }
      const method = req.method ?? 'GET';
      const params = await paramsOf(req, method);
      const key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
      const fingerprint = JSON.stringify(params);
      if (key) {
        const earlier = idempotency.earlierAnswer(key, path, fingerprint);
        if (earlier) return answer(earlier);
        claimedKey = key;
      }
      await sleep(latency / 2);
      // Whatever fell due since the last request happens first, as it would have at Stripe meanwhile.
      account.catchUp();
      const body = route(account, method, path, params);
      await sleep(latency / 2);
      if (key) idempotency.remember(key, path, fingerprint, { status: 200, body });
      answer({ status: 200, body });
    } catch (error) {
      if (claimedKey) idempotency.release(claimedKey);
      if (error instanceof StripeApiError) return answer({ status: error.status, body: error.body() });
      throw error;
    }
  };
}

/** A POST's form body, or a GET's (or DELETE's) query string, as Stripe's form encoding nests them. */
async function paramsOf(req: IncomingMessage, method: string): Promise<Params> {
  if (method !== 'POST') return qs.parse((req.url ?? '').split('?')[1] ?? '') as Params;
  const body = (await readBody(req, 1024 * 1024)).toString('utf8');
  return qs.parse(body, { depth: 10, arrayLimit: 100 }) as Params;
}

/** Every endpoint the emulator serves, by resource. */
const ROUTES: RouteTable = {
  ...customerRoutes,
  ...priceRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...refundRoutes,
  ...portalSessionRoutes,
  ...testClockRoutes,
  ...eventRoutes,
};

/** Finds the request's route by `METHOD collection[/:id][/action]` and runs it. */
function route(account: StripeAccount, method: string, path: string, params: Params): unknown {
  const segments = path.split('/').slice(2);
  // Two-word collections: checkout/sessions, billing_portal/sessions, test_helpers/test_clocks.
  const nested = ['checkout', 'billing_portal', 'test_helpers'].includes(segments[0] ?? '');
  const collection = nested ? `${segments[0]}/${segments[1]}` : (segments[0] ?? '');
  const [id, action] = nested ? segments.slice(2) : segments.slice(1);
  const target = `${method} ${collection}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
  const handler = Object.hasOwn(ROUTES, target) ? ROUTES[target] : undefined;
  if (!handler) {
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). The local Stripe emulator serves only the endpoints Bloom uses.`,
    );
  }
  return handler(account, { params, id: id ?? '', url: `/v1/${collection}` });
}

function authenticate(authorization: string | undefined, secretKey: string): void {
  const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!key) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key !== secretKey) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    );
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function apiVersionOf(req: IncomingMessage): string {
  return header(req, 'stripe-version') ?? DEFAULT_API_VERSION;
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
