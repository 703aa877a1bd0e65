import { clearHistory } from '../../coach/history';
import { apiHandler } from '../../http/api-handler';
import { noContent } from '../../http/responses';

/** DELETE /api/coach/messages: "Start fresh" deletes her stored conversation. */
export const handler = apiHandler({
  run: async ({ caller }) => {
    await clearHistory(caller.userId);
    return noContent();
  },
});
