import { reminderSettingsSchema } from '@bloom/shared/reminders/settings';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { saveReminderSettings } from '../../reminders/settings';

/** PUT /api/me/reminders: saves her settings and files them for the sender (docs/rules.md#reminders). */
export const handler = writeHandler({
  body: reminderSettingsSchema,
  run: async ({ caller, body }) =>
    ok({ settings: await saveReminderSettings(caller.userId, body, new Date()), saved: true }),
});
