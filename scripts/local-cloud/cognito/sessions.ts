import { randomBytes, randomUUID } from 'node:crypto';
import { type Clock, epochSeconds, systemClock } from '../clock';
import { JsonFile } from '../json-file';
import { AUTHORIZATION_CODE_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from './pool';

/** What an authorization code stands for until the app exchanges it (once) at /oauth2/token. */
export interface AuthorizationGrant {
  sub: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  authTime: number;
  expiresAt: number;
}

/** A sign-in session: one refresh token, and the `origin_jti` every token minted from it carries. */
export interface Session {
  sub: string;
  clientId: string;
  scope: string;
  originJti: string;
  authTime: number;
  /** Epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

interface SessionsDocument {
  /** Keyed by refresh token. */
  sessions: Record<string, Session>;
  /** origin_jti of revoked sessions: their access tokens no longer work on the user-pool API. */
  revokedOrigins: Record<string, number>;
}

/**
 * Codes live in memory (5 minutes, single use); sessions are written to the data folder so a restart of
 * `npm start` does not sign everyone out.
 */
export class SessionStore {
  private readonly codes = new Map<string, AuthorizationGrant>();
  private readonly document: JsonFile<SessionsDocument>;

  constructor(
    file: string | undefined,
    private readonly clock: Clock = systemClock,
  ) {
    this.document = new JsonFile(file, () => ({ sessions: {}, revokedOrigins: {} }));
    this.dropExpired();
  }

  private nowSeconds(): number {
    return epochSeconds(this.clock);
  }

  issueCode(grant: Omit<AuthorizationGrant, 'expiresAt'>): string {
    const code = randomUUID();
    this.codes.set(code, { ...grant, expiresAt: this.nowSeconds() + AUTHORIZATION_CODE_LIFETIME_SECONDS });
    return code;
  }

  /** Returns the grant once: a code is spent by its first use, whether that use succeeds or not. */
  redeemCode(code: string): AuthorizationGrant | undefined {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt <= this.nowSeconds()) return undefined;
    return grant;
  }

  startSession(grant: Pick<Session, 'sub' | 'clientId' | 'scope' | 'authTime'>): {
    refreshToken: string;
    session: Session;
  } {
    // Cognito's refresh tokens are opaque encrypted blobs; an unguessable random string plays that part.
    const refreshToken = randomBytes(96).toString('base64url');
    const issuedAt = this.nowSeconds();
    const session: Session = {
      ...grant,
      originJti: randomUUID(),
      issuedAt,
      expiresAt: issuedAt + REFRESH_TOKEN_LIFETIME_SECONDS,
    };
    this.document.value.sessions[refreshToken] = session;
    this.document.save();
    return { refreshToken, session };
  }

  /** The live session of a refresh token, or why there is none. */
  lookup(refreshToken: string): { session: Session } | { error: 'invalid' | 'revoked' | 'expired' } {
    const session = this.document.value.sessions[refreshToken];
    if (!session) return { error: 'invalid' };
    if (this.document.value.revokedOrigins[session.originJti] !== undefined) return { error: 'revoked' };
    if (session.expiresAt <= this.nowSeconds()) return { error: 'expired' };
    return { session };
  }

  revoke(refreshToken: string): Session | undefined {
    const session = this.document.value.sessions[refreshToken];
    if (!session) return undefined;
    // The session stays (until it would have expired) so its refresh token is answered as revoked.
    this.document.value.revokedOrigins[session.originJti] = session.expiresAt;
    this.document.save();
    return session;
  }

  /** GlobalSignOut: every session of the user ends, and the tokens minted from them stop working on the API. */
  signOutEverywhere(sub: string): void {
    for (const session of Object.values(this.document.value.sessions)) {
      if (session.sub === sub) this.document.value.revokedOrigins[session.originJti] = session.expiresAt;
    }
    this.document.save();
  }

  /** Whether the session a token was minted from (its `origin_jti`) was revoked or signed out. */
  isRevoked(originJti: string): boolean {
    return this.document.value.revokedOrigins[originJti] !== undefined;
  }

  private dropExpired(): void {
    const now = this.nowSeconds();
    const { sessions, revokedOrigins } = this.document.value;
    for (const [token, session] of Object.entries(sessions))
      if (session.expiresAt <= now) delete sessions[token];
    for (const [jti, expiresAt] of Object.entries(revokedOrigins))
      if (expiresAt <= now) delete revokedOrigins[jti];
  }
}
