import { secretString } from '../aws/secrets-manager';
import { memoised } from '../memoised';
import { required } from './settings';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/** How long a container trusts the keys it read: a key rolled in Stripe and saved in the secret takes effect within this. */
export const STRIPE_SECRETS_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Stripe's keys, from the Secrets Manager secret STRIPE_SECRET_ARN names (JSON `{ secretKey, webhookSecret }`),
 * wherever the functions run: the local cloud keeps the same secret in its Secrets Manager emulator.
 */
export const stripeSecrets: () => Promise<StripeSecrets> = memoised(load, {
  maxAgeMs: STRIPE_SECRETS_MAX_AGE_MS,
});

async function load(): Promise<StripeSecrets> {
  const arn = required('STRIPE_SECRET_ARN');
  const parsed = JSON.parse(await secretString(arn)) as Partial<StripeSecrets>;
  if (!parsed.secretKey || !parsed.webhookSecret) {
    throw new Error(`Secret ${arn} must hold JSON with secretKey and webhookSecret`);
  }
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}
