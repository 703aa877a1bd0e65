import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { readBody, sendJson } from '../http';
import { optionalString, type Params, type StripeAccount } from './account';
import { invalidParam, noSuch, StripeApiError } from './errors';
import { DEFAULT_API_VERSION, newId, publicView } from './objects';

export interface ApiOptions {
  secretKey: string;
  /** Milliseconds each request takes, half before and half after its work (Stripe's take a few hundred). */
  latencyMs: () => number;
  /** True while Stripe is having an outage: the request answers 500 api_error without doing anything. */
  failing: () => boolean;
}

/** Answers remembered for POSTs that carried an Idempotency-Key, as Stripe keeps them for 24 hours. */
type IdempotencyCache = Map<
  string,
  { path: string; params: string; answer?: { status: number; body: unknown } }
>;

/**
 * Stripe's REST API, the part Bloom uses: form-encoded requests, JSON responses, Stripe's error bodies,
 * Bearer secret-key authentication, idempotency keys (a key reused with other parameters is refused, and one
 * whose first request is still running answers 409, as Stripe does) and cursor pagination.
 */
export function createStripeApi(account: StripeAccount, options: ApiOptions) {
  const idempotency: IdempotencyCache = new Map();

  return async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const requestId = newId('req');
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      sendJson(res, status, body, { 'request-id': requestId, 'stripe-version': apiVersionOf(req), ...extra });
    const latency = options.latencyMs();
    let key: string | undefined;
    let mine = false;
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
      const params: Params =
        method === 'POST'
          ? (qs.parse((await readBody(req, 1024 * 1024)).toString('utf8'), {
              depth: 10,
              arrayLimit: 100,
            }) as Params)
          : (qs.parse((req.url ?? '').split('?')[1] ?? '') as Params);
      key = method === 'POST' ? header(req, 'idempotency-key') : undefined;
      const fingerprint = JSON.stringify(params);
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
          if (earlier.params !== fingerprint) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          if (!earlier.answer) {
            return answer(
              409,
              new StripeApiError(
                409,
                'idempotency_error',
                `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
              ).body(),
              { 'stripe-should-retry': 'true' },
            );
          }
          return answer(earlier.answer.status, earlier.answer.body, { 'idempotent-replayed': 'true' });
        }
        idempotency.set(key, { path, params: fingerprint });
        mine = true;
      }
      await sleep(latency / 2);
      // Whatever fell due since the last request happens first, as it would have at Stripe meanwhile.
      account.catchUp();
      const body = route(account, method, path, params);
      await sleep(latency / 2);
      if (key) idempotency.set(key, { path, params: fingerprint, answer: { status: 200, body } });
      answer(200, body);
    } catch (error) {
      // A request that failed before doing anything may be sent again with its key (Stripe saves no result).
      if (key && mine) idempotency.delete(key);
      if (error instanceof StripeApiError) return answer(error.status, error.body());
      throw error;
    }
  };
}

function route(account: StripeAccount, method: string, path: string, params: Params): unknown {
  const segments = path.split('/').slice(2);
  // Two-word collections: checkout/sessions, billing_portal/sessions, test_helpers/test_clocks.
  const nested = ['checkout', 'billing_portal', 'test_helpers'].includes(segments[0] ?? '');
  const collection = nested ? `${segments[0]}/${segments[1]}` : (segments[0] ?? '');
  const [id, action] = nested ? segments.slice(2) : segments.slice(1);
  const target = `${method} ${collection}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
  const url = `/v1/${collection}`;
  switch (target) {
    case 'POST customers': {
      const expandsClock = expandsTestClock(params);
      return withTestClock(account, account.createCustomer(params), expandsClock);
    }
    case 'GET customers/:id':
      return withTestClock(account, account.retrieveCustomer(id as string), expandsTestClock(params));
    case 'DELETE customers/:id':
      return account.deleteCustomer(id as string);
    case 'GET prices': {
      const lookupKeys = stringList(params.lookup_keys);
      const active = params.active === undefined ? undefined : params.active === 'true';
      const prices = account
        .prices()
        .filter((price) => lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key ?? ''))
        .filter((price) => active === undefined || price.active === active)
        .sort((a, b) => b.created - a.created);
      return list(prices, params, url);
    }
    case 'GET prices/:id':
      return account.price(id as string);
    case 'POST checkout/sessions':
      return publicView(account.createCheckoutSession(params));
    case 'GET checkout/sessions': {
      const customer = optionalString(params, 'customer');
      const status = optionalString(params, 'status');
      const subscription = optionalString(params, 'subscription');
      const sessions = Object.values(account.data.sessions)
        .filter((session) => !customer || session.customer === customer)
        .filter((session) => !status || session.status === status)
        .filter((session) => !subscription || session.subscription === subscription)
        .reverse()
        .sort((a, b) => b.created - a.created);
      return list(sessions, params, url);
    }
    case 'GET checkout/sessions/:id':
      return publicView(account.session(id as string));
    case 'POST checkout/sessions/:id/expire':
      return publicView(account.expireSession(id as string));
    case 'GET subscriptions': {
      const customer = optionalString(params, 'customer');
      const status = optionalString(params, 'status');
      const subscriptions = (
        customer ? account.subscriptionsOf(customer) : Object.values(account.data.subscriptions).reverse()
      )
        // Without a status Stripe lists every subscription that is not cancelled; `all` lists them all.
        .filter((subscription) =>
          status === 'all'
            ? true
            : status
              ? subscription.status === status
              : subscription.status !== 'canceled',
        )
        .sort((a, b) => b.created - a.created);
      return list(subscriptions, params, url);
    }
    case 'GET subscriptions/:id':
      return publicView(account.subscription(id as string));
    case 'POST subscriptions/:id':
      return publicView(account.updateSubscription(id as string, params));
    case 'DELETE subscriptions/:id':
      return publicView(account.cancelSubscription(id as string));
    case 'GET invoices': {
      const customer = optionalString(params, 'customer');
      const status = optionalString(params, 'status');
      const subscription = optionalString(params, 'subscription');
      const invoices = (
        customer ? account.invoicesOfCustomer(customer) : Object.values(account.data.invoices).reverse()
      )
        .filter((invoice) => !status || invoice.status === status)
        .filter(
          (invoice) => !subscription || invoice.parent.subscription_details.subscription === subscription,
        )
        .sort((a, b) => b.created - a.created);
      return list(invoices, params, url);
    }
    case 'GET invoices/:id':
      return account.invoice(id as string);
    case 'GET invoice_payments': {
      const invoice = optionalString(params, 'invoice');
      const status = optionalString(params, 'status');
      const payments = Object.values(account.data.invoicePayments)
        .filter((payment) => !invoice || payment.invoice === invoice)
        .filter((payment) => !status || payment.status === status)
        .reverse()
        .sort((a, b) => b.created - a.created);
      return list(payments, params, url);
    }
    case 'GET payment_intents/:id':
      return account.paymentIntent(id as string);
    case 'GET charges/:id':
      return account.chargeById(id as string);
    case 'POST refunds':
      return account.createRefund(params);
    case 'GET refunds/:id':
      return account.refund(id as string);
    case 'POST billing_portal/sessions':
      return publicView(account.createPortalSession(params));
    case 'POST test_helpers/test_clocks':
      return publicView(account.createTestClock(params));
    case 'GET test_helpers/test_clocks':
      return list(account.testClocks(), params, url);
    case 'GET test_helpers/test_clocks/:id':
      return publicView(account.testClock(id as string));
    case 'DELETE test_helpers/test_clocks/:id':
      return account.deleteTestClock(id as string);
    case 'POST test_helpers/test_clocks/:id/advance':
      return publicView(account.advanceTestClock(id as string, params));
    case 'GET events': {
      const type = optionalString(params, 'type');
      const events = [...account.data.events].reverse().filter((event) => !type || event.type === type);
      return list(events, params, url);
    }
    case 'GET events/:id': {
      const event = account.data.events.find((candidate) => candidate.id === id);
      if (!event) throw noSuch('event', id as string);
      return event;
    }
    default:
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}). The local Stripe emulator serves only the endpoints Bloom uses.`,
      );
  }
}

/** A page of a list, newest first, as Stripe's cursor pagination serves it (`limit`, `starting_after`, `ending_before`). */
function list<T extends { id: string }>(items: readonly T[], params: Params, url: string) {
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidParam('limit', 'Invalid integer: limit must be between 1 and 100.');
  }
  const cursor = (param: 'starting_after' | 'ending_before') => {
    const value = optionalString(params, param);
    if (value === null) return undefined;
    const index = items.findIndex((item) => item.id === value);
    if (index === -1) throw noSuch('object', value, param);
    return index;
  };
  const after = cursor('starting_after');
  const before = cursor('ending_before');
  const start = after !== undefined ? after + 1 : before !== undefined ? Math.max(0, before - limit) : 0;
  const end = before !== undefined && after === undefined ? before : start + limit;
  return {
    object: 'list',
    url,
    has_more: before !== undefined && after === undefined ? start > 0 : end < items.length,
    data: items.slice(start, end).map((item) => publicView(item)),
  };
}

/** Whether a customer request asks for `expand[]=test_clock`, the only customer expansion emulated here. */
function expandsTestClock(params: Params): boolean {
  const expand = stringList(params.expand);
  const unsupported = expand.find((field) => field !== 'test_clock');
  if (unsupported) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This property cannot be expanded (${unsupported}). The local Stripe emulator expands a customer's test_clock only.`,
    );
  }
  return expand.includes('test_clock');
}

/** The customer as the API answers her: `test_clock` is the clock's id, or the clock itself when expanded. */
function withTestClock(
  account: StripeAccount,
  customer: ReturnType<StripeAccount['retrieveCustomer']>,
  expanded: boolean,
): unknown {
  if (!expanded || 'deleted' in customer || !customer.test_clock) return customer;
  return { ...customer, test_clock: publicView(account.testClock(customer.test_clock)) };
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === 'object') return Object.values(value).map(String);
  return typeof value === 'string' ? [value] : [];
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
