import type Stripe from 'stripe';
import { checkPassed } from '../aws/request-gate';
import { stripeEndpoint } from './settings';
import { stripeSecrets } from './stripe-config';

let current: { secretKey: string; client: Stripe } | undefined;

/**
 * The Stripe client for the current secret key: made on first use, so that importing a handler stays cheap,
 * and made again once a rotated key has been read. The SDK pins its own API version; its retries use
 * idempotency keys, so a retried POST never creates twice. It is handed out once the request's account check
 * has passed (aws/request-gate.ts).
 */
export async function stripe(): Promise<Stripe> {
  await checkPassed();
  const [{ default: StripeClient }, { secretKey }] = await Promise.all([import('stripe'), stripeSecrets()]);
  if (current?.secretKey !== secretKey) {
    current = {
      secretKey,
      client: new StripeClient(secretKey, {
        ...stripeEndpoint(),
        // Two attempts of at most 4 s each (docs/rules.md#outages): a Stripe that does not answer is reported
        // (502 payment_provider_unavailable) inside every billing function's timeout, the 10 s of GET /api/me too.
        maxNetworkRetries: 1,
        timeout: 4000,
        appInfo: { name: 'Bloom' },
      }),
    };
  }
  return current.client;
}

/**
 * Throws unless Stripe signed these exact bytes for this endpoint within the SDK's tolerance (5 minutes). Only the
 * signature: what the bytes say is read by the caller. The SDK's verifier needs no API key.
 */
export async function verifyStripeSignature(
  payload: Buffer,
  signature: string,
  webhookSecret: string,
): Promise<void> {
  const { default: StripeClient } = await import('stripe');
  const verifier = StripeClient.webhooks.signature;
  if (!verifier) throw new Error('The Stripe SDK has no webhook signature verifier');
  verifier.verifyHeader(payload, signature, webhookSecret);
}
