import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { constructVerifiedEvent } from './stripe-client';
import { stripeSecrets } from './stripe-config';

/** Stripe events are small; anything this large is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

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
    return await constructVerifiedEvent(raw, signature, webhookSecret);
  } catch (error) {
    log.warn('Rejected a webhook whose signature does not verify', { reason: (error as Error).message });
    throw new DomainError('invalid_signature');
  }
}
