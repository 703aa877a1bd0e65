import { syncBodySchema } from '@bloom/shared/billing/checkout';
import { syncAfterCheckout } from '../../billing/return-from-checkout';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/billing/sync `{ sessionId? }` → `{ tier, subscription }` as Stripe says now. */
export const handler = writeHandler({
  body: syncBodySchema,
  run: async ({ caller, body }) => ok(await syncAfterCheckout(caller, body.sessionId)),
});
