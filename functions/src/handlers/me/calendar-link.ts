import { createCalendarLink } from '../../calendar/link';
import { created } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** POST /api/me/calendar: a new private calendar feed address; the one before stops working. */
export const handler = writeHandler({
  run: async ({ caller }) => created(await createCalendarLink(caller.userId, new Date())),
});
