import type { SecretsManagerEmulator } from '../secrets-manager/emulator';
import type { StripeEmulator } from './emulator';

/** The local stage's name for the secret the stack calls `bloom/{stage}/stripe`. */
export const LOCAL_STRIPE_SECRET_NAME = 'bloom/local/stripe';

/**
 * What Bloom's billing functions need to reach a Stripe emulator, laid out as the stack lays it out in AWS:
 * the API's address in the environment, the keys as JSON in a Secrets Manager secret whose
 * ARN is STRIPE_SECRET_ARN. Saving the keys again is a rotation: the new version becomes the current one.
 */
export function billingEnvironment(
  stripe: Pick<StripeEmulator, 'env' | 'keys'>,
  secretsManager: Pick<SecretsManagerEmulator, 'putSecretValue'>,
): Record<string, string> {
  const arn = secretsManager.putSecretValue(LOCAL_STRIPE_SECRET_NAME, JSON.stringify(stripe.keys));
  return { ...stripe.env, STRIPE_SECRET_ARN: arn };
}
