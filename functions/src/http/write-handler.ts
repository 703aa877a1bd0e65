import { type ApiHandlerOptions, apiHandler } from './api-handler';
import { idempotentWrites } from './idempotent-writes';
import type { RequestSchema } from './validation';

/**
 * A write behind the JWT authorizer: apiHandler, and a request that carries an `Idempotency-Key` is applied once
 * for it (idempotent-writes.ts). Exactly the routes that takesIdempotencyKey (routes.ts) are made with it
 * (scripts/import-rules/write-handlers.test.ts); the others use apiHandler and do not bundle the idempotency code.
 */
export function writeHandler<
  PS extends RequestSchema | undefined = undefined,
  BS extends RequestSchema | undefined = undefined,
>(options: ApiHandlerOptions<PS, BS>) {
  return apiHandler(options, [idempotentWrites]);
}
