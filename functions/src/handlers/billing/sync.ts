import { syncBodySchema } from '@bloom/shared/billing/checkout';
import { syncAfterCheckout } from '../../billing/return-from-checkout';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** POST /api/billing/sync `{ sessionId? }` → `{ tier, subscription }` as Stripe says now. */
export const handler = apiHandler({
  body: syncBodySchema,
  run: async ({ caller, body }) => ok(await syncAfterCheckout(caller, body.sessionId)),
});
