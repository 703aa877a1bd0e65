import { type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type Clock, epochSeconds, systemClock } from '../clock';

export interface JwtAuthorizerConfig {
  /** The authorizer's issuer; the token's `iss` must equal it. */
  issuer: string;
  /** The authorizer's audiences; the token's `aud` (or `client_id` when it has no `aud`) must be one. */
  audience: readonly string[];
  /** The issuer's signing keys, as API Gateway fetches them from its jwks_uri. */
  keySet: JWTVerifyGetKey;
  /** API Gateway's time, which judges `exp`, `nbf` and `iat` (the machine's by default). */
  clock?: Clock;
}

export type AuthorizerResult = { claims: Record<string, string> } | { reason: string };

/**
 * Validates a bearer token the way an HTTP API JWT authorizer does: token in the Authorization header with or
 * without "Bearer ", RSA signature by a key from the issuer's JWKS (matched by `kid`), `iss`, `aud` or
 * `client_id`, and `exp`/`nbf`/`iat` against the current time with no leeway.
 */
export function createJwtAuthorizer(config: JwtAuthorizerConfig) {
  const clock = config.clock ?? systemClock;
  return async (authorization: string | undefined): Promise<AuthorizerResult> => {
    const token = authorization?.trim().replace(/^Bearer\s+/i, '');
    if (!token) return { reason: 'no token' };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, config.keySet, {
        algorithms: ['RS256', 'RS384', 'RS512'],
        issuer: config.issuer,
        clockTolerance: 0,
        currentDate: new Date(clock.now()),
      }));
    } catch (error) {
      return { reason: (error as Error).message };
    }
    const now = epochSeconds(clock);
    if (typeof payload.exp !== 'number') return { reason: 'token has no exp' };
    if (typeof payload.iat === 'number' && payload.iat > now) return { reason: 'token issued in the future' };
    // API Gateway evaluates `aud` when the token has one, and `client_id` only when it has none.
    const audiences = payload.aud === undefined ? [payload.client_id] : [payload.aud].flat();
    if (!audiences.some((value) => typeof value === 'string' && config.audience.includes(value))) {
      return { reason: 'the token does not have a valid audience' };
    }
    return { claims: claimsAsStrings(payload) };
  };
}

/**
 * API Gateway hands claims to the integration as strings: numbers and booleans in their JSON spelling, arrays
 * as `[a b c]`, objects as JSON.
 */
export function claimsAsStrings(payload: JWTPayload): Record<string, string> {
  const asString = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return `[${value.map(asString).join(' ')}]`;
    return JSON.stringify(value);
  };
  return Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, asString(value)]));
}
