import { coachMessageBodySchema } from '@bloom/shared/coach/messages';
import { sendCoachMessage } from '../../coach/send-message';
import { coachModelSettings } from '../../coach/settings';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';

/** Read as the function starts: without a model and its guardrail the coach refuses to start (fail closed). */
const settings = coachModelSettings();

/** POST /api/coach/messages: `{ message }` → `{ message, fallback, added, crisis? }` (Pro only). */
export const handler = writeHandler({
  body: coachMessageBodySchema,
  run: async ({ caller, body }) => ok(await sendCoachMessage(caller, body, settings, new Date())),
});
