import type * as z from 'zod/mini';
import { type ApiHandlerOptions, apiHandler } from './api-handler';
import { idempotentWrites } from './idempotent-writes';

/**
 * A write route (POST, PUT, PATCH, DELETE) behind the JWT authorizer: apiHandler, and a request that carries an
 * `Idempotency-Key` is applied once for it (idempotent-writes.ts). Every route that takesIdempotencyKey
 * (routes.ts) is made with it; reads use apiHandler, so their functions do not bundle the idempotency code.
 */
export function writeHandler<
  PS extends z.ZodMiniType | undefined = undefined,
  BS extends z.ZodMiniType | undefined = undefined,
>(options: ApiHandlerOptions<PS, BS>) {
  return apiHandler(options).use(idempotentWrites);
}
