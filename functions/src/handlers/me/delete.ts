import { deleteAccount } from '../../account/delete-account';
import { apiHandler } from '../../http/api-handler';
import { noContent } from '../../http/responses';

/** DELETE /api/me: deletes her account, everything Bloom holds about her, her subscription and her sign-in. */
export const handler = apiHandler({
  run: async ({ caller }) => {
    await deleteAccount(caller, new Date());
    return noContent();
  },
});
