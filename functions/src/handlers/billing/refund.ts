import { refundLatestPayment } from '../../billing/refund';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** POST /api/billing/refund → `{ amount, currency, subscription }`; 403 refund_window_closed after 30 days. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await refundLatestPayment(caller, new Date())),
});
