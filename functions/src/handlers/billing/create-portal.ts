import { openPortal } from '../../billing/portal';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** POST /api/billing/portal → `{ url }` of her Stripe customer portal; 404 no_subscription before any checkout. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await openPortal(caller)),
});
