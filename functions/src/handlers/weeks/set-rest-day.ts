import { dayParamsSchema } from '@bloom/shared/api/params';
import { restDayBodySchema } from '@bloom/shared/api/planner-requests';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { setRestDay } from '../../planner/set-rest-day';

/** PUT /api/weeks/{weekStart}/days/{day}/rest */
export const handler = writeHandler({
  params: dayParamsSchema,
  body: restDayBodySchema,
  run: async ({ caller, params, body }) =>
    ok(await setRestDay(caller.userId, params.weekStart, params.day, body.rest, new Date())),
});
