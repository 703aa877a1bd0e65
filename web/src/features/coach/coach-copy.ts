export {
  COACH_EMPTY_REPLY,
  COACH_FALLBACK_MESSAGE as COACH_FAILURE_REPLY,
} from '@bloom/shared/coach/replies';

export const COACH_GREETING =
  "Hi, I'm Bloom, your caring companion. Tell me how your day is going, or ask me for a little self-care idea. 🌸";
