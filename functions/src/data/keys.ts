/** Key builders for the single table; the layout is documented in table.ts and README.md. */

export const userPk = (userId: string) => `USER#${userId}`;
export const PROFILE_SK = 'PROFILE';
export const weekSk = (weekStart: string) => `WEEK#${weekStart}`;
/** Planned activities sort right after their week item, so one Query with begins_with reads a whole week. */
export const plannedPrefix = (weekStart: string) => `WEEK#${weekStart}#ACT#`;
export const plannedSk = (weekStart: string, id: string) => `${plannedPrefix(weekStart)}${id}`;
export const DAY_PREFIX = 'DAY#';
export const completedDaySk = (isoDate: string) => `${DAY_PREFIX}${isoDate}`;
export const CUSTOM_PREFIX = 'CUSTOM#';
export const customActivitySk = (id: string) => `${CUSTOM_PREFIX}${id}`;
export const CUSTOM_NAME_PREFIX = 'CUSTOMNAME#';
export const customNameSk = (name: string) => `${CUSTOM_NAME_PREFIX}${name.trim().toLocaleLowerCase('en')}`;
export const DAILY_PREFIX = 'DAILY#';
export const dailyCounterSk = (isoDate: string) => `${DAILY_PREFIX}${isoDate}`;
/** The sort key's start: `IDEMPOTENCY#<hash of route and key>` (http/idempotent-request.ts). */
export const IDEMPOTENCY_SK_PREFIX = 'IDEMPOTENCY';
/** Her calendar feed's lookup: the SHA-256 of the token in the feed's address names her (docs/rules.md#calendar-feed). */
export const calendarTokenPk = (tokenHash: string) => `CALTOKEN#${tokenHash}`;
export const CALENDAR_TOKEN_SK = 'TOKEN';
