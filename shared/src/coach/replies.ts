/** What Bloom says when the model has nothing to say (spec section 8). */

/** The model answered with no text. */
export const COACH_EMPTY_REPLY = "I'm here for you! 🌸";

/** The model could not be reached: Bloom stays warm instead of showing an error. */
export const COACH_FALLBACK_MESSAGE =
  "I'm having a moment of quiet reflection, but I'm still here for you! " +
  'While I gather my thoughts, try taking three slow, deep breaths, or jot down one small thing that made you smile today. ' +
  'How are you feeling right now? 🌸';
