import { exportAccount } from '../../account/export';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** GET /api/me/export: everything Bloom holds about her, as one JSON document. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await exportAccount(caller, new Date())),
});
