import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DEFAULT_API_VERSION, newId, nowSeconds, type StripeEvent } from './objects';
import { signatureHeader } from './signature';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** Extra CA certificate to trust for an https endpoint (the local cloud's self-signed certificate). */
  ca?: string | Buffer;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
  error?: string;
  attempts: number;
  at: number;
}

/** Stripe retries failed deliveries for days; locally a few quick attempts show the same behaviour. */
const RETRY_DELAYS_MS = [0, 250, 1000];

export function buildEvent(type: string, object: unknown, apiVersion = DEFAULT_API_VERSION): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * POSTs the event, signed, to the endpoint and waits for its answer, retrying a failure a few times. The
 * body is the exact string that was signed, pretty-printed as Stripe sends it.
 */
export async function deliver(endpoint: WebhookEndpoint, event: StripeEvent): Promise<Delivery> {
  const payload = JSON.stringify(event, null, 2);
  let last: { status: number | null; error?: string } = { status: null };
  let attempts = 0;
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    attempts++;
    last = await post(endpoint, payload, signatureHeader(payload, endpoint.secret));
    if (last.status !== null && last.status >= 200 && last.status < 300) break;
    // A 400 means the endpoint refused the event itself (a bad signature): retrying changes nothing.
    if (last.status !== null && last.status >= 400 && last.status < 500) break;
  }
  return { eventId: event.id, type: event.type, ...last, attempts, at: nowSeconds() };
}

function post(
  endpoint: WebhookEndpoint,
  payload: string,
  signature: string,
): Promise<{ status: number | null; error?: string }> {
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
        ...(endpoint.ca ? { ca: endpoint.ca } : {}),
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
