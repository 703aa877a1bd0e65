import { createCustomActivityBodySchema } from '@bloom/shared/api/custom-activity-request';
import { createCustomActivity } from '../../activities/create-custom-activity';
import { created } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/activities: create a custom activity and add it to a slot (one edit). */
export const handler = writeHandler({
  body: createCustomActivityBodySchema,
  run: async ({ caller, body }) => created(await createCustomActivity(caller.userId, body, new Date())),
});
