/** Stripe's error body: `{ error: { type, message, code?, param?, decline_code? } }` with Stripe's status codes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error',
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, message: this.message, ...this.extra, request_log_url: null } };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, { code: 'parameter_invalid', param });

/** 404 for the object a URL names; 400 when a parameter names an object that does not exist, as Stripe answers. */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

/** Runs a page's action; Stripe's refusal, if any, is returned as the message to show. */
export function stripeErrorOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return error.message;
  }
}

/** A dashboard or portal button on something that can no longer change (already cancelled): nothing happens. */
export function ignoreStripeErrors(run: () => unknown): void {
  stripeErrorOf(run);
}
