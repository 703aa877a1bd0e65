import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { readBody, sendJson } from '../http';
import type { Params, StripeAccount } from './account';
import { StripeApiError } from './errors';
import { DEFAULT_API_VERSION, newId, publicSession } from './objects';

export interface ApiOptions {
  secretKey: string;
}

/** Remembered answers to POSTs that carried an Idempotency-Key, as Stripe keeps them for 24 hours. */
type IdempotencyCache = Map<string, { path: string; status: number; body: unknown }>;

/**
 * Stripe's REST API, the part Bloom uses: form-encoded requests, JSON responses, Stripe's error bodies,
 * Bearer secret-key authentication and idempotency keys.
 */
export function createStripeApi(account: StripeAccount, options: ApiOptions) {
  const idempotency: IdempotencyCache = new Map();

  return async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const requestId = newId('req');
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      sendJson(res, status, body, { 'request-id': requestId, 'stripe-version': apiVersionOf(req), ...extra });
    try {
      authenticate(req.headers.authorization, options.secretKey);
      const method = req.method ?? 'GET';
      const params: Params =
        method === 'POST'
          ? (qs.parse((await readBody(req, 1024 * 1024)).toString('utf8'), {
              depth: 10,
              arrayLimit: 100,
            }) as Params)
          : (qs.parse((req.url ?? '').split('?')[1] ?? '') as Params);
      const key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
      if (key) {
        const earlier = idempotency.get(key);
        if (earlier) {
          if (earlier.path !== path) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.path}' vs '${path}').`,
            );
          }
          return answer(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
        }
      }
      const body = await route(account, method, path, params, apiVersionOf(req));
      if (key) idempotency.set(key, { path, status: 200, body });
      answer(200, body);
    } catch (error) {
      if (error instanceof StripeApiError) return answer(error.status, error.body());
      throw error;
    }
  };
}

async function route(
  account: StripeAccount,
  method: string,
  path: string,
  params: Params,
  apiVersion: string,
): Promise<unknown> {
  const [, , resource, id, extra] = path.split('/');
  const collection = resource === 'checkout' ? `checkout/${id}` : resource;
  const objectId = resource === 'checkout' ? extra : id;
  const target = `${method} ${collection}${objectId ? '/:id' : ''}`;
  switch (target) {
    case 'POST customers':
      return account.createCustomer(params);
    case 'GET customers/:id':
      return account.customer(objectId as string);
    case 'POST checkout/sessions':
      return account.createCheckoutSession(params, apiVersion);
    case 'GET checkout/sessions/:id':
      return publicSession(account.session(objectId as string));
    case 'GET subscriptions/:id':
      return account.subscription(objectId as string);
    case 'DELETE subscriptions/:id':
      return account.cancelSubscription(objectId as string);
    case 'GET prices/:id': {
      const price = account.price(objectId as string);
      if (!price)
        throw new StripeApiError(404, 'invalid_request_error', `No such price: '${objectId}'`, {
          code: 'resource_missing',
        });
      return price;
    }
    case 'GET events': {
      const events = [...account.data.events].reverse();
      const limit = Math.min(Number(params.limit ?? 10) || 10, 100);
      return {
        object: 'list',
        url: '/v1/events',
        has_more: events.length > limit,
        data: events.slice(0, limit),
      };
    }
    default:
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}). The local Stripe emulator serves only the endpoints Bloom uses.`,
      );
  }
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
