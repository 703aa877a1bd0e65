import { checkoutBodySchema } from '@bloom/shared/billing/checkout';
import { createCheckout } from '../../billing/checkout';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/billing/checkout: `{ plan }` → `{ url, destination }`: her Checkout page, or her portal if she still has a live subscription. */
export const handler = writeHandler({
  body: checkoutBodySchema,
  run: async ({ caller, body }) => ok(await createCheckout(caller, body.plan, new Date())),
});
