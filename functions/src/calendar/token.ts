import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: the token in her feed's address is the only credential a calendar app can hold. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCalendarToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Only the hash is stored, so a leaked table holds no working feed address. */
export function hashCalendarToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The feed's file name, `{token}.ics`, read back into its token; anything else names no feed. */
export function tokenOfFeedFile(file: string): string | undefined {
  if (!file.endsWith('.ics')) return undefined;
  const token = file.slice(0, -'.ics'.length);
  return TOKEN_PATTERN.test(token) ? token : undefined;
}

export const feedPath = (token: string) => `/api/calendar/${token}.ics`;
