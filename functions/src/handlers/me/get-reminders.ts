import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { readReminderSettings } from '../../reminders/settings';

/** GET /api/me/reminders: her reminder settings, or the defaults her quiz answer suggests. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await readReminderSettings(caller.userId)),
});
