import type { Clock } from '../clock';
import { LOCAL_REGION } from '../dynamodb';

/** The one user pool and app client the local cloud pretends to have. */
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_BloomLocal`;
export const LOCAL_CLIENT_ID = 'bloomlocalwebclient';

/** Scopes the app client allows, as a Cognito app client with Google sign-in would. */
export const ALLOWED_SCOPES = [
  'openid',
  'email',
  'profile',
  'phone',
  'aws.cognito.signin.user.admin',
] as const;

/** Cognito's default refresh-token validity. */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 5 * 60;

export interface UserPoolSettings {
  /** Origin the emulator is reached on, e.g. `https://localhost:5173`. */
  origin: string;
  userPoolId: string;
  clientId: string;
  /** Allowed `redirect_uri` values (Cognito's callback URLs). */
  callbackUrls: readonly string[];
  /** Allowed `logout_uri` values (Cognito's sign-out URLs). */
  logoutUrls: readonly string[];
  /** Lifetime of access and id tokens. */
  tokenLifetimeSeconds: number;
  /** Folder for keys, remembered accounts and sessions; in memory when absent. */
  dataDir?: string;
  /** The pool's time: token lifetimes, sessions and codes run on it (the machine's by default). */
  clock?: Clock;
}

export function issuerOf(settings: Pick<UserPoolSettings, 'origin' | 'userPoolId'>): string {
  return `${settings.origin}/cognito-idp/${settings.userPoolId}`;
}
