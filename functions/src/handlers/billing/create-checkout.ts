import { checkoutBodySchema } from '@bloom/shared/billing/checkout';
import { createCheckout } from '../../billing/checkout';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** POST /api/billing/checkout: `{ plan }` → `{ url }` of a Stripe Checkout page. */
export const handler = apiHandler({
  body: checkoutBodySchema,
  run: async ({ caller, body }) => ok(await createCheckout(caller, body.plan, new Date())),
});
