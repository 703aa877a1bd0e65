import type Stripe from 'stripe';
import { stripeEndpoint } from './settings';
import { stripeSecrets } from './stripe-config';

let client: Promise<Stripe> | undefined;

/**
 * One Stripe client per container, made on first use so that importing a handler stays cheap. The SDK pins
 * its own API version; its retries use idempotency keys, so a retried POST never creates twice.
 */
export function stripe(): Promise<Stripe> {
  client ??= create().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

async function create(): Promise<Stripe> {
  const [{ default: StripeClient }, secrets] = await Promise.all([import('stripe'), stripeSecrets()]);
  return new StripeClient(secrets.secretKey, {
    ...stripeEndpoint(),
    maxNetworkRetries: 2,
    timeout: 8000,
    appInfo: { name: 'Bloom' },
  });
}

/** The SDK's webhook verifier; it needs no API key. */
export async function constructVerifiedEvent(
  payload: Buffer,
  signature: string,
  webhookSecret: string,
): Promise<Stripe.Event> {
  const { default: StripeClient } = await import('stripe');
  return StripeClient.webhooks.constructEvent(payload, signature, webhookSecret);
}
