import { coachMessageBodySchema } from '@bloom/shared/coach/messages';
import { sendCoachMessage } from '../../coach/send-message';
import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';

/** POST /api/coach/messages: `{ message, conversationHistory }` → `{ message, fallback }` (Pro only). */
export const handler = apiHandler({
  body: coachMessageBodySchema,
  run: async ({ caller, body }) => ok(await sendCoachMessage(caller, body, new Date())),
});
