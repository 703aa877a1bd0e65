import { plannedActivityParamsSchema } from '@bloom/shared/api/params';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { removeActivity } from '../../planner/remove-activity';

/** DELETE /api/weeks/{weekStart}/activities/{id}: 200 with the week's marked days and streak. */
export const handler = apiHandler({
  params: plannedActivityParamsSchema,
  run: async ({ caller, params }) =>
    ok(await removeActivity(caller.userId, params.weekStart, params.id, new Date())),
});
