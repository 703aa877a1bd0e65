import { listActivities } from '../../activities/list-activities';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** GET /api/activities */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await listActivities(caller.userId)),
});
