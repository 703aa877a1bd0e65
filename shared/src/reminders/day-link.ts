/**
 * The link a reminder opens (docs/rules.md#reminders): the day view of its date. Apart from the reminder's words
 * (message.ts), so the web app reads the link's parameter without loading them.
 */

/** The query parameter naming the day a link opens (web/src/app/open-day-link.ts). */
export const DAY_LINK_PARAM = 'day';

/** The day view of a date, as the web app opens it from a link. */
export const dayViewUrl = (date: string) => `/?${DAY_LINK_PARAM}=${date}`;
