import { plannedActivityParamsSchema } from '@bloom/shared/api/params';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { removeActivity } from '../../planner/remove-activity';

/** DELETE /api/weeks/{weekStart}/activities/{id}: 200 with the week's marked days and streak. */
export const handler = writeHandler({
  params: plannedActivityParamsSchema,
  run: async ({ caller, params }) =>
    ok(await removeActivity(caller.userId, params.weekStart, params.id, new Date())),
});
