import { openPortal } from '../../billing/portal';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/billing/portal → `{ url }` of her Stripe customer portal; 404 no_subscription before any checkout. */
export const handler = writeHandler({
  run: async ({ caller }) => ok(await openPortal(caller)),
});
