import { updateProfileBodySchema } from '@bloom/shared/api/profile-request';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { updateProfile } from '../../profile/update-profile';

/** PUT /api/me: time zone, language and quiz answers. */
export const handler = writeHandler({
  body: updateProfileBodySchema,
  run: async ({ caller, body }) => ok(await updateProfile(caller, body, new Date())),
});
