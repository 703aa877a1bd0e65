import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import {
  type SecretsManagerEmulator,
  startSecretsManagerEmulator,
} from '@bloom/scripts/local-cloud/secrets-manager/emulator';
import { LOCAL_STRIPE_SECRET_NAME } from '@bloom/scripts/local-cloud/stripe/billing-secret';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { STRIPE_SECRETS_MAX_AGE_MS, stripeSecrets } from '../src/billing/stripe-config';

let secretsManager: SecretsManagerEmulator;
const keys = (version: number) =>
  JSON.stringify({ secretKey: `sk_test_${version}`, webhookSecret: `whsec_${version}` });

beforeAll(async () => {
  secretsManager = await startSecretsManagerEmulator();
  Object.assign(process.env, secretsManager.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    STRIPE_SECRET_ARN: secretsManager.putSecretValue(LOCAL_STRIPE_SECRET_NAME, keys(1)),
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await secretsManager?.stop();
});

it('takes a Stripe key rotated in the secret within five minutes, without waiting for a cold start', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  expect(await stripeSecrets()).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
  secretsManager.putSecretValue(LOCAL_STRIPE_SECRET_NAME, keys(2));
  vi.advanceTimersByTime(STRIPE_SECRETS_MAX_AGE_MS - 1);
  expect((await stripeSecrets()).secretKey).toBe('sk_test_1');
  vi.advanceTimersByTime(1);
  expect(await stripeSecrets()).toEqual({ secretKey: 'sk_test_2', webhookSecret: 'whsec_2' });
});
