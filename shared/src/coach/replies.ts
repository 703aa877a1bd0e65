import { COACH_MESSAGES } from '../i18n/catalogues/coach';

/**
 * What Bloom says when the model has nothing to say (docs/rules.md#coach), in English here; in her language
 * from the coach catalogue (`shared/src/i18n/messages/coach/{locale}.json`) under the ids named with each.
 */

/** The model answered with no text: `coach.emptyReply`. */
export const COACH_EMPTY_REPLY = COACH_MESSAGES.english.format('coach.emptyReply');

/** The model could not be reached, and Bloom stays warm instead of showing an error: `coach.fallback`. */
export const COACH_FALLBACK_MESSAGE = COACH_MESSAGES.english.format('coach.fallback');

/**
 * What Bloom says when the coach's Bedrock Guardrail blocks a request for a diagnosis or a medication dose:
 * `coach.guardrail`. The guardrail's own blocked messaging is this English text (infra/lib/coach.ts); the coach
 * answers a block in her language with the catalogue's, and the local emulator answers with this.
 */
export const COACH_GUARDRAIL_MESSAGE = COACH_MESSAGES.english.format('coach.guardrail');
