import { createCalendarLink } from '../../calendar/link';
import { apiHandler } from '../../http/api-handler';
import { created } from '../../http/responses';

/** POST /api/me/calendar: a new private calendar feed address; the one before stops working. */
export const handler = apiHandler({
  run: async ({ caller }) => created(await createCalendarLink(caller.userId, new Date())),
});
