import { dayParamsSchema } from '@bloom/shared/api/params';
import { dayCompletionBodySchema } from '@bloom/shared/api/planner-requests';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { setDayCompletion } from '../../planner/set-day-completion';

/** PUT /api/weeks/{weekStart}/days/{day}/completion */
export const handler = writeHandler({
  params: dayParamsSchema,
  body: dayCompletionBodySchema,
  run: async ({ caller, params, body }) =>
    ok(await setDayCompletion(caller.userId, params.weekStart, params.day, body.completed, new Date())),
});
