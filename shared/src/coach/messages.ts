import type * as v from 'valibot';
import { FIELD_MESSAGES } from '../errors/catalogue';
import type { DayIndex, Slot } from '../planner/types';
import { strictObject } from '../validation/strict-object';
import { typedTextSchema } from '../validation/text';
import type { CrisisSupport } from './crisis-support';

/**
 * The coach's API (signed in; sending is Pro only). Bloom keeps the conversation herself (docs/rules.md#coach):
 * the web sends only the new message, never earlier turns, so nobody can put words in Bloom's mouth.
 *
 * POST /api/coach/messages `{ message }` answers:
 * - 200 `{ message, fallback: false, added }`: Bloom's reply, and what she added to the plan while answering.
 * - 200 `{ message: COACH_FALLBACK_MESSAGE, fallback: true, added }`: the model could not be reached.
 * - 200 `{ message, fallback: false, crisis, added: [] }`: the message was about suicide, self-harm, abuse, a
 *   poisoning or a medical emergency: Bloom's fixed crisis reply (docs/safety.md), answered to anyone signed in before the Pro
 *   gate, the lock and the daily cap, and the model was not called.
 * - 400 `validation_failed` for a blank or too long message or any other field, 403 `pro_required` for a free
 *   user, 409 `coach_reply_in_progress` while her previous message is still being answered, 429
 *   `coach_daily_limit_reached` over the daily message cap.
 *
 * GET /api/coach/messages → `{ turns }`, the stored conversation, oldest first.
 * DELETE /api/coach/messages → 204: "Start fresh" deletes the stored conversation.
 */

export const COACH_MESSAGE_MAX_CHARS = 1000;
/** The stored turns the model is given with each new message, the most recent kept. */
export const COACH_MODEL_HISTORY_TURNS = 20;
/** The stored turns GET /api/coach/messages gives back to the chat, the most recent kept. */
export const COACH_SHOWN_HISTORY_TURNS = 100;
/** How long a stored turn is kept (DynamoDB's TTL deletes it after that). */
export const COACH_HISTORY_RETENTION_DAYS = 30;
/** Messages one user may send Bloom per UTC day: a cost guard far above a real conversation. */
export const COACH_DAILY_MESSAGE_LIMIT = 50;

/** The limit is written into each language's words (catalogue.test.ts holds them to COACH_MESSAGE_MAX_CHARS). */
export const COACH_MESSAGE_FIELD_MESSAGES = {
  blank: FIELD_MESSAGES.coachMessageBlank,
  tooLong: FIELD_MESSAGES.coachMessageTooLong,
} as const;

export type ChatRole = 'user' | 'assistant';

/** Strict: a body with anything besides `message` (earlier turns, `messages`, a model id) is a 400. */
export const coachMessageBodySchema = strictObject({
  // Emoji and line breaks are welcome; ill-formed Unicode and other control characters are not.
  message: typedTextSchema({
    required: COACH_MESSAGE_FIELD_MESSAGES.blank,
    maxLength: COACH_MESSAGE_MAX_CHARS,
    tooLong: COACH_MESSAGE_FIELD_MESSAGES.tooLong,
    lines: 'lines',
  }),
});
export type CoachMessageBody = v.InferInput<typeof coachMessageBodySchema>;

/** An activity Bloom put in her plan while answering. */
export interface CoachAddedActivity {
  weekStart: string;
  day: DayIndex;
  slot: Slot;
  name: string;
  icon: string;
}

export interface CoachMessageResponse {
  message: string;
  /** True when `message` is COACH_FALLBACK_MESSAGE because the model could not answer. */
  fallback: boolean;
  /** Present when `message` is the crisis reply: the emergency number and lines it gives. */
  crisis?: CrisisSupport;
  /** What Bloom added to her plan while answering (the web refreshes those weeks). */
  added: CoachAddedActivity[];
}

/** One stored turn of the conversation, as the chat shows it. */
export interface CoachTurn {
  id: string;
  role: ChatRole;
  text: string;
  /** ISO timestamp. */
  at: string;
  crisis?: CrisisSupport;
}

export interface CoachHistoryResponse {
  turns: CoachTurn[];
}
