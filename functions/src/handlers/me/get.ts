import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { readProfile } from '../../profile/read-profile';

/** GET /api/me: the profile, with her subscription as last synced from Stripe. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await readProfile(caller, new Date())),
});
