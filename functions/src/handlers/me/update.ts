import { updateProfileBodySchema } from '@bloom/shared/api/profile-request';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { updateProfile } from '../../profile/update-profile';

/** PUT /api/me: time zone and quiz answers. */
export const handler = apiHandler({
  body: updateProfileBodySchema,
  run: async ({ caller, body }) => ok(await updateProfile(caller, body, new Date())),
});
