import { StripeApiError } from './errors';

/** An API answer: its status, body and any headers of its own. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Idempotency keys as Stripe keeps them (for 24 hours there; here while the emulator runs): a repeated key gets
 * the first answer, the same key on another endpoint or with other parameters is refused, and a key whose
 * first request is still running answers 409 with `Stripe-Should-Retry: true`.
 */
export class IdempotencyKeys {
  private readonly seen = new Map<string, { path: string; params: string; answer?: Answer }>();

  /**
   * The answer an earlier request with this key settles this one with, or undefined when the key is new: it is
   * then claimed for this request, which must `remember` its answer or `release` the key.
   */
  earlierAnswer(key: string, path: string, params: string): Answer | undefined {
    const earlier = this.seen.get(key);
    if (!earlier) {
      this.seen.set(key, { path, params });
      return undefined;
    }
    if (earlier.path !== path) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.path}' vs '${path}').`,
      );
    }
    if (earlier.params !== params) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (!earlier.answer) return stillRunning(key);
    return { ...earlier.answer, headers: { 'idempotent-replayed': 'true' } };
  }

  remember(key: string, path: string, params: string, answer: Answer): void {
    this.seen.set(key, { path, params, answer });
  }

  /** A request that failed before doing anything may be sent again with its key (Stripe saves no result). */
  release(key: string): void {
    this.seen.delete(key);
  }
}

function stillRunning(key: string): Answer {
  const error = new StripeApiError(
    409,
    'idempotency_error',
    `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
  );
  return { status: 409, body: error.body(), headers: { 'stripe-should-retry': 'true' } };
}
