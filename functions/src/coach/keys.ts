/**
 * The coach's item in the single table (see data/table.ts):
 *
 * | item                | pk          | sk                 | attributes                                |
 * | ------------------- | ----------- | ------------------ | ----------------------------------------- |
 * | daily message count | USER#{sub}  | COACH#{yyyy-mm-dd} | messages (atomic counter), expiresAt (TTL) |
 *
 * The day is the UTC calendar day: the cap guards cost, so it need not follow the user's time zone.
 */
export const coachCounterSk = (utcDate: string) => `COACH#${utcDate}`;

/** A counter outlives its day by one more, then DynamoDB's TTL removes it. */
export const COACH_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;
