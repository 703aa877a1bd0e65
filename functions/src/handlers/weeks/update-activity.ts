import { plannedActivityParamsSchema } from '@bloom/shared/api/params';
import { updatePlannedActivityBodySchema } from '@bloom/shared/api/planner-requests';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { moveActivity } from '../../planner/move-activity';
import { setActivityCompletion } from '../../planner/set-activity-completion';

/** PATCH /api/weeks/{weekStart}/activities/{id}: `{ completed }` ticks, `{ day, slot }` moves. */
export const handler = writeHandler({
  params: plannedActivityParamsSchema,
  body: updatePlannedActivityBodySchema,
  run: async ({ caller, params, body }) =>
    ok(
      'completed' in body
        ? await setActivityCompletion(caller.userId, params.weekStart, params.id, body.completed, new Date())
        : await moveActivity(caller.userId, params.weekStart, params.id, body, new Date()),
    ),
});
