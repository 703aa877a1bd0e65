import { weekParamsSchema } from '@bloom/shared/api/params';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { replanWeek } from '../../planner/replan-week';

/** POST /api/weeks/{weekStart}/replan: replace the week's plan with one from her current answers. */
export const handler = writeHandler({
  params: weekParamsSchema,
  run: async ({ caller, params }) => ok(await replanWeek(caller.userId, params.weekStart, new Date())),
});
