import { dayParamsSchema } from '@bloom/shared/api/params';
import { addActivitiesBodySchema } from '@bloom/shared/api/planner-requests';
import { created } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { addActivities } from '../../planner/add-activities';

/** POST /api/weeks/{weekStart}/days/{day}/activities */
export const handler = writeHandler({
  params: dayParamsSchema,
  body: addActivitiesBodySchema,
  run: async ({ caller, params, body }) =>
    created(
      await addActivities(
        caller.userId,
        params.weekStart,
        { day: params.day, slot: body.slot },
        body.activityIds,
        new Date(),
      ),
    ),
});
