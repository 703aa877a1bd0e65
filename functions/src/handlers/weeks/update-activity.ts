import { plannedActivityParamsSchema } from '@bloom/shared/api/params';
import { updatePlannedActivityBodySchema } from '@bloom/shared/api/planner-requests';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { moveActivity } from '../../planner/move-activity';
import { setActivityCompletion } from '../../planner/set-activity-completion';

/** PATCH /api/weeks/{weekStart}/activities/{id}: `{ completed }` ticks, `{ day, slot }` moves. */
export const handler = apiHandler({
  params: plannedActivityParamsSchema,
  body: updatePlannedActivityBodySchema,
  run: async ({ caller, params, body }) =>
    ok(
      'completed' in body
        ? await setActivityCompletion(caller.userId, params.weekStart, params.id, body.completed, new Date())
        : await moveActivity(caller.userId, params.weekStart, params.id, body, new Date()),
    ),
});
