import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { epochSeconds, systemClock } from '../clock';
import { issuerOf, type UserPoolSettings } from './pool';
import type { Session } from './sessions';
import type { SigningKey } from './signing-key';
import type { User } from './users';

export interface IssuedTokens {
  idToken: string;
  accessToken: string;
  expiresIn: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  client_id: string;
  token_use: 'access';
  scope: string;
  username: string;
  origin_jti: string;
  iat: number;
  exp: number;
}

export function avatarUrl(settings: Pick<UserPoolSettings, 'origin'>, sub: string): string {
  return `${settings.origin}/cognito/avatar/${sub}.svg`;
}

/** Mints id and access tokens with the claims Cognito puts in them for a Google-federated user. */
export class TokenMinter {
  readonly issuer: string;

  constructor(
    private readonly settings: UserPoolSettings,
    private readonly key: SigningKey,
  ) {
    this.issuer = issuerOf(settings);
  }

  async mint(user: User, session: Session, options: { nonce?: string } = {}): Promise<IssuedTokens> {
    const iat = epochSeconds(this.settings.clock ?? systemClock);
    const exp = iat + this.settings.tokenLifetimeSeconds;
    const groups = [`${this.settings.userPoolId}_Google`];
    const idClaims: JWTPayload = {
      sub: user.sub,
      'cognito:groups': groups,
      email_verified: true,
      iss: this.issuer,
      'cognito:username': user.username,
      ...(options.nonce ? { nonce: options.nonce } : {}),
      origin_jti: session.originJti,
      aud: this.settings.clientId,
      identities: [
        {
          dateCreated: String(user.createdAt),
          userId: user.googleUserId,
          providerName: 'Google',
          providerType: 'Google',
          issuer: null,
          primary: 'true',
        },
      ],
      token_use: 'id',
      auth_time: session.authTime,
      name: user.name,
      picture: avatarUrl(this.settings, user.sub),
      exp,
      iat,
      jti: randomUUID(),
      email: user.email,
    };
    const accessClaims: AccessTokenClaims = {
      sub: user.sub,
      'cognito:groups': groups,
      iss: this.issuer,
      version: 2,
      client_id: session.clientId,
      origin_jti: session.originJti,
      token_use: 'access',
      scope: session.scope,
      auth_time: session.authTime,
      exp,
      iat,
      jti: randomUUID(),
      username: user.username,
    };
    return {
      idToken: await this.sign(idClaims),
      accessToken: await this.sign(accessClaims),
      expiresIn: this.settings.tokenLifetimeSeconds,
    };
  }

  /** Checks an access token as the user-pool API does before GetUser or GlobalSignOut. */
  async verifyAccessToken(
    token: string,
  ): Promise<{ claims: AccessTokenClaims } | { error: 'invalid' | 'expired' }> {
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        issuer: this.issuer,
        algorithms: ['RS256'],
        currentDate: new Date((this.settings.clock ?? systemClock).now()),
      });
      if (payload.token_use !== 'access') return { error: 'invalid' };
      return { claims: payload as AccessTokenClaims };
    } catch (error) {
      return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  private sign(claims: JWTPayload): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ kid: this.key.kid, alg: 'RS256' })
      .sign(this.key.privateKey);
  }
}
