import { DomainError } from '../domain-error';
import { log } from '../observability/log';

/** Errors the Stripe SDK raises (API errors, connection errors) all carry a `type` starting with "Stripe". */
export function isStripeError(
  error: unknown,
): error is Error & { type: string; code?: string; statusCode?: number } {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/** Stripe's answer when the object asked for does not exist (an unknown or deleted id). */
export function isMissingResource(error: unknown): boolean {
  return isStripeError(error) && error.code === 'resource_missing';
}

/**
 * Runs a step that talks to Stripe on a person's behalf. When Stripe refuses or cannot be reached she is told
 * to try again in a moment (502 payment_provider_unavailable), and the details go to the log, not to her.
 */
export async function askStripe<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    log.error('Stripe refused or failed a request', { error, what });
    throw new DomainError('payment_provider_unavailable');
  }
}
