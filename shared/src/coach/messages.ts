import * as z from 'zod/mini';
import type { CrisisSupport } from './crisis-support';

/**
 * POST /api/coach/messages (signed in, Pro only). The web sends the new message and the recent conversation;
 * the server keeps no chat history of its own.
 *
 * Answers:
 * - 200 `{ message, fallback: false }`: Bloom's reply.
 * - 200 `{ message: COACH_FALLBACK_MESSAGE, fallback: true }`: the model could not be reached. The web shows
 *   `message` as Bloom's reply like any other; `fallback` is there for analytics and tests.
 * - 200 `{ message, fallback: false, crisis }`: the message was about suicide, self-harm, abuse or a medical
 *   emergency. `message` is Bloom's fixed crisis reply (docs/safety.md), the model was not called, and
 *   `crisis` names the numbers in it for the web to link. Answered to anyone signed in, before the Pro gate
 *   and the daily cap: nobody in crisis is told to upgrade or come back tomorrow.
 * - 403 `pro_required` for a free user, 429 `too_many_requests` over the daily message cap,
 *   400 `validation_failed` for a blank or too long message or a malformed history.
 */

export const COACH_MESSAGE_MAX_CHARS = 2000;
/** The web sends at most this many earlier messages (use `boundHistory`). */
export const COACH_HISTORY_MAX_ENTRIES = 20;
/** ...and at most this many characters of them, so a request stays well under the API's 16 KB body limit. */
export const COACH_HISTORY_MAX_CHARS = 6000;
/** Messages one user may send Bloom per UTC day: a cost guard far above a real conversation. */
export const COACH_DAILY_MESSAGE_LIMIT = 50;

export const COACH_MESSAGE_FIELD_MESSAGES = {
  blank: 'Please write a message for Bloom',
  tooLong: `Please keep your message under ${COACH_MESSAGE_MAX_CHARS} characters`,
  history: `Please send at most ${COACH_HISTORY_MAX_ENTRIES} earlier messages`,
} as const;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;

export const chatTurnSchema = z.strictObject({
  role: chatRoleSchema,
  content: z.string().check(z.maxLength(COACH_MESSAGE_MAX_CHARS)),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const coachMessageBodySchema = z.strictObject({
  message: z
    .string({ error: COACH_MESSAGE_FIELD_MESSAGES.blank })
    .check(
      z.trim(),
      z.minLength(1, COACH_MESSAGE_FIELD_MESSAGES.blank),
      z.maxLength(COACH_MESSAGE_MAX_CHARS, COACH_MESSAGE_FIELD_MESSAGES.tooLong),
    ),
  conversationHistory: z._default(
    z
      .array(chatTurnSchema)
      .check(z.maxLength(COACH_HISTORY_MAX_ENTRIES, COACH_MESSAGE_FIELD_MESSAGES.history)),
    [],
  ),
});
export type CoachMessageBody = z.input<typeof coachMessageBodySchema>;

export interface CoachMessageResponse {
  message: string;
  /** True when `message` is COACH_FALLBACK_MESSAGE because the model could not answer. */
  fallback: boolean;
  /** Present when `message` is the crisis reply: the emergency number and lines it gives. */
  crisis?: CrisisSupport;
}

/**
 * The most recent turns that fit both bounds, oldest first. Blank turns carry nothing and are dropped.
 * The web applies it before sending; the server applies it again, so either side alone is enough.
 */
export function boundHistory(
  history: readonly ChatTurn[],
  maxEntries = COACH_HISTORY_MAX_ENTRIES,
  maxChars = COACH_HISTORY_MAX_CHARS,
): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let chars = 0;
  for (let index = history.length - 1; index >= 0 && kept.length < maxEntries; index--) {
    const turn = history[index] as ChatTurn;
    const content = turn.content.trim();
    if (content === '') continue;
    if (chars + content.length > maxChars) break;
    chars += content.length;
    kept.push({ role: turn.role, content });
  }
  return kept.reverse();
}
