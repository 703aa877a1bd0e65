import { plannedActivityParamsSchema } from '@bloom/shared/api/schemas';
import { apiHandler } from '../../http/api-handler';
import { noContent } from '../../http/responses';
import { removeActivity } from '../../planner/remove-activity';

/** DELETE /api/weeks/{weekStart}/activities/{id} */
export const handler = apiHandler({
  params: plannedActivityParamsSchema,
  run: async ({ caller, params }) => {
    await removeActivity(caller.userId, params.weekStart, params.id);
    return noContent();
  },
});
