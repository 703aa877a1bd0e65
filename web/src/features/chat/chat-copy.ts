/** What Bloom says when the coach cannot answer (spec section 8: the beginning and the end are fixed). */
export const COACH_FAILURE_REPLY =
  "I'm having a moment of quiet reflection, but I'm still here for you! Take a slow, gentle breath with me, and try me again in a little while. How are you feeling right now? 🌸";

/** When the coach answers with nothing. */
export const COACH_EMPTY_REPLY = "I'm here for you! 🌸";

export const COACH_GREETING =
  "Hi, I'm Bloom, your caring companion. Tell me how your day is going, or ask me for a little self-care idea. 🌸";

/** How many earlier messages go with each question: enough context, a bounded request. */
export const COACH_HISTORY_LIMIT = 20;
