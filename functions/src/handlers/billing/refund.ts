import { refundLatestPayment } from '../../billing/refund';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/billing/refund → `{ amount, currency, subscription }`; 403 refund_window_closed after 30 days. */
export const handler = writeHandler({
  run: async ({ caller }) => ok(await refundLatestPayment(caller, new Date())),
});
