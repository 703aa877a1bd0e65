import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, type JWT, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adjustableClock } from '../clock';
import { signIn } from '../testing/sign-in';
import { startTestCloud, type TestCloud } from '../testing/test-cloud';

/**
 * Amplify's own client code against the emulator: the same calls the web app makes once it holds tokens
 * (refresh through the user-pool endpoint, GetUser, sign-out with RevokeToken or GlobalSignOut). A session
 * that must be refreshed is signed in with the pool's clock set back past the tokens' lifetime, so Amplify,
 * on the machine's time, finds them expired without waiting for them to be.
 */
const { tokenOrchestrator } = cognitoUserPoolsTokenProvider;
const TOKEN_LIFETIME_SECONDS = 3600;
const clock = adjustableClock();
let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud({ tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS, clock });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cloud.userPoolId,
        userPoolClientId: cloud.clientId,
        userPoolEndpoint: cloud.config.userPoolEndpoint,
      },
    },
  });
});
afterAll(() => cloud?.stop());

/** Tokens issued a lifetime and a minute ago: expired now, on every clock. */
async function signInExpired(email: string) {
  clock.advance(-TOKEN_LIFETIME_SECONDS - 60);
  try {
    return await signIn(cloud, { email, name: 'Amplify User' });
  } finally {
    clock.reset();
  }
}

/** Hands Amplify a session, as the hosted UI's redirect does; `expired`: one it must refresh before use. */
async function holdSession(email: string, { expired = false } = {}) {
  const user = expired ? await signInExpired(email) : await signIn(cloud, { email, name: 'Amplify User' });
  const accessToken = decodeJWT(user.accessToken);
  await tokenOrchestrator.setTokens({
    tokens: {
      accessToken,
      idToken: decodeJWT(user.idToken),
      refreshToken: user.refreshToken,
      clockDrift: 0,
      username: String(accessToken.payload.username),
    },
  });
  return user;
}

/** The JWT object Amplify's token store keeps: the token and its decoded payload. */
function decodeJWT(token: string): JWT {
  return { toString: () => token, payload: decodeJwt(token) as JWT['payload'] };
}

describe('aws-amplify 6 against the Cognito emulator', () => {
  beforeEach(() => tokenOrchestrator.clearTokens());

  it('refreshes expired tokens through GetTokensFromRefreshToken and reads the user with GetUser', async () => {
    const user = await holdSession('amplify@example.com', { expired: true });
    const session = await fetchAuthSession();
    expect(session.tokens?.accessToken.toString()).toBeDefined();
    expect(session.tokens?.accessToken.toString()).not.toBe(user.accessToken);
    expect(session.tokens?.idToken?.payload.sub).toBe(user.sub);
    expect(Number(session.tokens?.accessToken.payload.exp) * 1000).toBeGreaterThan(Date.now());

    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ sub: user.sub, email: 'amplify@example.com', name: 'Amplify User' });
  });

  it('signOut() revokes the refresh token, so the session cannot be refreshed any more', async () => {
    const user = await holdSession('amplify-signout@example.com');
    await signOut();
    const refreshed = await fetch(`${cloud.url}/cognito/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: cloud.clientId,
        refresh_token: user.refreshToken,
      }),
    });
    expect(refreshed.status).toBe(400);
  });

  it('signOut({ global: true }) ends every session: another device holding tokens is signed out at its next refresh', async () => {
    const other = await signInExpired('amplify-global@example.com');
    await holdSession('amplify-global@example.com');
    await signOut({ global: true });

    await tokenOrchestrator.setTokens({
      tokens: {
        accessToken: decodeJWT(other.accessToken),
        idToken: decodeJWT(other.idToken),
        refreshToken: other.refreshToken,
        clockDrift: 0,
        username: String(decodeJWT(other.accessToken).payload.username),
      },
    });
    const session = await fetchAuthSession();
    expect(session.tokens).toBeUndefined();
  });
});
