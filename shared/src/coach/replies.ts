/** What Bloom says when the model has nothing to say (docs/rules.md#coach). */

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
  "I'm Bloom, your self-care companion, so that's not something I can help with. 🌸 For anything about " +
  'symptoms, diagnoses or medication, please talk to a doctor or pharmacist. If you are in crisis, contact ' +
  'your local emergency number. I would love to help you plan a gentle moment for yourself instead.';
