import { createHash } from 'node:crypto';
import type { ReminderKind } from '@bloom/shared/reminders/settings';

/** Her reminder settings, in her partition. */
export const REMINDERS_SK = 'REMINDERS';
export const PUSH_PREFIX = 'PUSH#';
/** A device she gets reminders on: the endpoint's SHA-256 (hex), so a long URL never makes the key. */
export const pushSk = (endpointHash: string) => `${PUSH_PREFIX}${endpointHash}`;
export const endpointHashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');
/** That a reminder went out: claimed before sending, so a repeated run or message sends it once. */
export const remindedSk = (date: string, kind: ReminderKind) => `REMINDED#${date}#${kind}`;
/** In a bucket's partition, one item per filed reminder. */
export const bucketSk = (userId: string, kind: ReminderKind) => `${userId}#${kind}`;
