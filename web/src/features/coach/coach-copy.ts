export {
  COACH_EMPTY_REPLY,
  COACH_FALLBACK_MESSAGE as COACH_FAILURE_REPLY,
} from '@bloom/shared/coach/replies';

export const COACH_GREETING =
  "Hi, I'm Bloom, your caring companion. Tell me how your day is going, or ask me for a little self-care idea. 🌸";

/** The AI disclosure the chat opens with (California SB 243 asks for one), linking the published crisis protocol. */
export const COACH_DISCLOSURE = 'Bloom is an AI companion, not a person or a therapist.';
export const COACH_SAFETY_LINK = 'How Bloom keeps you safe';

/** Deletes the conversation Bloom keeps (30 days otherwise), and the chat starts again from the greeting. */
export const COACH_START_FRESH = 'Start fresh';
