import { required } from './settings';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

let cached: Promise<StripeSecrets> | undefined;

/**
 * Stripe's keys, read once per container. In AWS they live in a Secrets Manager secret (STRIPE_SECRET_ARN,
 * JSON `{ secretKey, webhookSecret }`); elsewhere STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET hold them.
 */
export function stripeSecrets(): Promise<StripeSecrets> {
  cached ??= load().catch((error: unknown) => {
    // A failed read (throttling, a deploy in progress) must not poison the container for its whole life.
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(): Promise<StripeSecrets> {
  const arn = process.env.STRIPE_SECRET_ARN;
  if (!arn) {
    return { secretKey: required('STRIPE_SECRET_KEY'), webhookSecret: required('STRIPE_WEBHOOK_SECRET') };
  }
  // Loaded on first use only: the import cost is paid by the first request, not by every cold start.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = JSON.parse(result.SecretString ?? '{}') as Partial<StripeSecrets>;
  if (!parsed.secretKey || !parsed.webhookSecret) {
    throw new Error(`Secret ${arn} must hold JSON with secretKey and webhookSecret`);
  }
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}
