import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { verifyStripeSignature } from './stripe-client';
import { stripeSecrets } from './stripe-config';

/** Stripe events are small; anything this large is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** What every Stripe event has and Bloom reads: its id (the claim), its type and the object it is about. */
const StripeEventShape = v.looseObject({
  id: v.pipe(v.string(), v.startsWith('evt_')),
  object: v.literal('event'),
  type: v.pipe(v.string(), v.minLength(1)),
  created: v.pipe(v.number(), v.integer()),
  data: v.looseObject({ object: v.looseObject({}) }),
});

/**
 * The event Stripe sent, after the SDK checked its signature against the exact bytes received. API Gateway
 * may hand the body over base64-encoded; re-serialising parsed JSON would break the signature, so the raw
 * bytes go to the verifier untouched.
 */
export async function verifyStripeEvent(
  event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'headers'>,
): Promise<Stripe.Event> {
  const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
  if (!signature) throw new DomainError('invalid_signature');
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length === 0 || raw.length > MAX_WEBHOOK_BYTES) throw new DomainError('invalid_signature');
  const { webhookSecret } = await stripeSecrets();
  try {
    await verifyStripeSignature(raw, signature, webhookSecret);
  } catch (error) {
    log.warn('Rejected a webhook whose signature does not verify', { reason: (error as Error).message });
    throw new DomainError('invalid_signature');
  }
  return parseStripeEvent(raw);
}

/**
 * A signed body is Stripe's, but still only bytes: one that is not JSON, or not an event, is refused with
 * `invalid_payload` (docs/rules.md#billing-states) before anything reads it.
 */
function parseStripeEvent(raw: Buffer): Stripe.Event {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    // Without the parser's message: it quotes the body.
    log.warn('Rejected a signed webhook whose body is not JSON');
    throw new DomainError('invalid_payload');
  }
  const parsed = v.safeParse(StripeEventShape, body);
  if (!parsed.success) {
    // Where it differs, not what it holds: the body may carry a customer's details.
    const fields = parsed.issues.map((issue) => v.getDotPath(issue) ?? '(the body)');
    log.warn('Rejected a signed webhook whose body is not a Stripe event', { fields });
    throw new DomainError('invalid_payload');
  }
  return parsed.output as unknown as Stripe.Event;
}
