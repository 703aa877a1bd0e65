import { reminderSettingsSchema } from '@bloom/shared/reminders/settings';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { saveReminderSettings } from '../../reminders/settings';

/** PUT /api/me/reminders: saves her settings and files them for the sender (docs/rules.md#reminders). */
export const handler = apiHandler({
  body: reminderSettingsSchema,
  run: async ({ caller, body }) =>
    ok({ settings: await saveReminderSettings(caller.userId, body, new Date()), saved: true }),
});
