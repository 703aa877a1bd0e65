/**
 * How long Cognito's ID and access tokens live (infra/lib/auth.ts sets the user pool from it): a deleted
 * account's mark is kept at least this long (closed-account.ts).
 */
export const TOKEN_LIFETIME_MINUTES = 30;
