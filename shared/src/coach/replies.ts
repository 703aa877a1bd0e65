/** What Bloom says when the model has nothing to say (spec section 8). */

/** The model answered with no text. */
export const COACH_EMPTY_REPLY = "I'm here for you! 🌸";

/** The model could not be reached: Bloom stays warm instead of showing an error. */
export const COACH_FALLBACK_MESSAGE =
  "I'm having a moment of quiet reflection, but I'm still here for you! " +
  'While I gather my thoughts, try taking three slow, deep breaths, or jot down one small thing that made you smile today. ' +
  'How are you feeling right now? 🌸';

/**
 * What Bloom says when the coach's Bedrock Guardrail blocks a request for a diagnosis or a medication dose.
 * The stack configures the guardrail's blocked messaging with it; the local emulator answers with it.
 */
export const COACH_GUARDRAIL_MESSAGE =
  "I'm not able to help with diagnoses or medication doses: a doctor or pharmacist is the right person for that. " +
  "I'm here for gentle self-care support whenever you need it. 🌸";
