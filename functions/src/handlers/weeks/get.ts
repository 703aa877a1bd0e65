import { weekParamsSchema } from '@bloom/shared/api/params';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { loadWeek } from '../../planner/load-week';

/** GET /api/weeks/{weekStart} */
export const handler = apiHandler({
  params: weekParamsSchema,
  run: async ({ caller, params }) => ok(await loadWeek(caller.userId, params.weekStart, new Date())),
});
