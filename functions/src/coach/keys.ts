import { COACH_HISTORY_RETENTION_DAYS } from '@bloom/shared/coach/messages';

/**
 * The coach's items in the single table (see data/table.ts):
 *
 * | item                | pk          | sk                      | attributes                                       |
 * | ------------------- | ----------- | ----------------------- | ------------------------------------------------ |
 * | daily message count | USER#{sub}  | COACH#{yyyy-mm-dd}      | messages (atomic counter), expiresAt (TTL)        |
 * | chat turn           | USER#{sub}  | CHAT#{iso time}#{id}    | role, text, at, crisis?, fallback?, expiresAt (TTL) |
 * | reply lock          | USER#{sub}  | COACHLOCK               | leaseHolder, leasedUntil, expiresAt (TTL)         |
 *
 * The day is the UTC calendar day: the cap guards cost, so it need not follow the user's time zone. Chat turns
 * sort by time, so one Query (newest first, a Limit) reads the recent conversation.
 */
export const COACH_COUNTER_PREFIX = 'COACH#';
export const coachCounterSk = (utcDate: string) => `${COACH_COUNTER_PREFIX}${utcDate}`;

/** A counter outlives its day by one more, then DynamoDB's TTL removes it. */
export const COACH_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;

export const CHAT_PREFIX = 'CHAT#';
export const chatTurnSk = (at: string, id: string) => `${CHAT_PREFIX}${at}#${id}`;
/** A stored turn lives this long (the privacy policy says so), then DynamoDB's TTL removes it. */
export const CHAT_TURN_TTL_SECONDS = COACH_HISTORY_RETENTION_DAYS * 24 * 60 * 60;

export const COACH_LOCK_SK = 'COACHLOCK';
/**
 * A lock outlives the longest reply (the function's 25 s timeout), so it is never taken from a reply still being
 * written; a function killed before its `finally` leaves a lock that the next message may take after this.
 */
export const COACH_LOCK_MS = 30_000;
