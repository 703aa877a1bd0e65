import type { AuthUser } from './types';

/**
 * The session Amplify keeps in localStorage, read synchronously without loading Amplify, so the planner can
 * show who she is and ask for her week as the first script runs. Amplify keeps
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and, under `<clientId>.<username>.`, the raw tokens
 * and the clock drift. A session is used only while both its tokens are unexpired by Amplify's own rule
 * (`isTokenExpired`: now + clock drift + 5 s tolerance past `exp`); otherwise Amplify is asked, and refreshes
 * them. The API's JWT authorizer still checks every token it is sent: this only decides what to send.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';
const LAST_AUTH_USER = '.LastAuthUser';
/** Amplify's `isTokenExpired` tolerance. */
const TOLERANCE_MS = 5000;

export interface StoredSession {
  /** The raw ID token, for `Authorization: Bearer`. */
  idToken: string;
  user: AuthUser;
}

type Claims = Record<string, unknown>;

function claimsOf(token: string | null): Claims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Claims;
  } catch {
    return null;
  }
}

/** The user the app shows, from the ID token's claims (Amplify's session and the stored one alike). */
export function userFromClaims(claims: Claims | undefined | null): AuthUser | null {
  if (typeof claims?.sub !== 'string' || !claims.sub) return null;
  const email = typeof claims.email === 'string' ? claims.email : '';
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name : email.split('@')[0] || '';
  return {
    id: claims.sub,
    email,
    name,
    avatarUrl: typeof claims.picture === 'string' && claims.picture ? claims.picture : null,
  };
}

interface StoredTokens {
  idToken: string | null;
  idClaims: Claims | null;
  accessClaims: Claims | null;
  refreshToken: string | null;
  clockDrift: number;
}

/** The tokens Amplify stored for its one last signed-in user, or null (none, or more than one client's). */
function storedTokens(): StoredTokens | null {
  const storage = globalThis.localStorage;
  if (!storage) return null;
  const lastUserKeys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX) && key.endsWith(LAST_AUTH_USER)) lastUserKeys.push(key);
  }
  const [lastUserKey] = lastUserKeys;
  const username = lastUserKey && lastUserKeys.length === 1 ? storage.getItem(lastUserKey) : null;
  if (!lastUserKey || !username) return null;
  const base = `${lastUserKey.slice(0, -LAST_AUTH_USER.length)}.${username}.`;
  const idToken = storage.getItem(`${base}idToken`);
  return {
    idToken,
    idClaims: claimsOf(idToken),
    accessClaims: claimsOf(storage.getItem(`${base}accessToken`)),
    refreshToken: storage.getItem(`${base}refreshToken`),
    clockDrift: Number.parseInt(storage.getItem(`${base}clockDrift`) ?? '0', 10) || 0,
  };
}

/** Whether both tokens are unexpired by Amplify's rule at `now`. */
function unexpired(tokens: StoredTokens, now: number): boolean {
  const valid = (claims: Claims | null) =>
    typeof claims?.exp === 'number' && now + tokens.clockDrift + TOLERANCE_MS <= claims.exp * 1000;
  return valid(tokens.idClaims) && valid(tokens.accessClaims);
}

/** The stored session when both tokens are unexpired, else null (none, expired, or more than one client's). */
export function storedSession(now = Date.now()): StoredSession | null {
  try {
    const tokens = storedTokens();
    const user = userFromClaims(tokens?.idClaims);
    if (!tokens?.idToken || !user || !unexpired(tokens, now)) return null;
    return { idToken: tokens.idToken, user };
  } catch {
    return null;
  }
}

/**
 * Who she is when her stored tokens have expired but Amplify can refresh them (its refresh token is stored): the
 * usual case of a morning visit, an ID token lasting an hour. Her `sub` is the same in the refreshed token. Null
 * when the stored session is usable as it is, or cannot be refreshed.
 */
export function sessionToRefresh(now = Date.now()): { user: AuthUser } | null {
  try {
    const tokens = storedTokens();
    const user = userFromClaims(tokens?.idClaims);
    if (!tokens?.refreshToken || !user || unexpired(tokens, now)) return null;
    return { user };
  } catch {
    return null;
  }
}
