import type { CoachHistoryResponse } from '@bloom/shared/coach/messages';
import { shownHistory } from '../../coach/history';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** GET /api/coach/messages: her stored conversation, oldest first, for the chat when it opens. */
export const handler = apiHandler({
  run: async ({ caller }) => {
    const body: CoachHistoryResponse = { turns: await shownHistory(caller.userId, new Date()) };
    return ok(body);
  },
});
