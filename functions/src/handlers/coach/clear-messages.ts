import { clearHistory } from '../../coach/history';
import { noContent } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** DELETE /api/coach/messages: "Start fresh" deletes her stored conversation. */
export const handler = writeHandler({
  run: async ({ caller }) => {
    await clearHistory(caller.userId);
    return noContent();
  },
});
