/**
 * How long the web waits for Bloom's reply. The server answers first: Bedrock gives up after 8 s per attempt
 * (two attempts, within a 20 s budget) and the function after 25 s, so the browser hears the fallback reply
 * rather than timing out itself. Apart from ./messages.ts, so the web's API client has it without that module's
 * schema (and valibot) on the planner's first load.
 */
export const COACH_REPLY_BROWSER_TIMEOUT_MS = 28_000;
