import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizationCode, authorizeUrl, pkcePair, signIn } from '../testing/sign-in';
import { startTestCloud, type TestCloud } from '../testing/test-cloud';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(() => cloud?.stop());
afterEach(() => {
  vi.useRealTimers();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

function exchange(fields: Record<string, string>) {
  return fetch(`${cloud.url}/cognito/oauth2/token`, form(fields));
}

async function codeFor(email: string) {
  const { verifier, challenge } = pkcePair();
  const code = await authorizationCode(cloud, { email, name: 'Test Person' }, challenge);
  return { code, verifier };
}

const codeGrant = (code: string, verifier: string, overrides: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  client_id: cloud.clientId,
  redirect_uri: `${cloud.url}/`,
  code_verifier: verifier,
  ...overrides,
});

describe('hosted UI (/cognito/oauth2/authorize)', () => {
  it('shows a "Continue with Google" page with Email, Full name and Continue', async () => {
    const { challenge } = pkcePair();
    const response = await fetch(authorizeUrl(cloud, { challenge, state: 's' }));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Continue with Google');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Full name<\/label>/);
    expect(html).toMatch(/<button class="continue" type="submit">Continue<\/button>/);
  });

  it('remembers accounts already used and signs in with one click on them', async () => {
    await signIn(cloud, { email: 'grace@example.com', name: 'Grace Hopper' });
    const { challenge } = pkcePair();
    const url = authorizeUrl(cloud, { challenge, state: 'remembered' });
    const html = await (await fetch(url)).text();
    expect(html).toContain('Choose an account');
    expect(html).toContain('value="grace@example.com"');
    expect(html).toContain('Grace Hopper');

    const chosen = await fetch(url, { ...form({ account: 'grace@example.com' }), redirect: 'manual' });
    expect(chosen.status).toBe(302);
    expect(new URL(chosen.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('refuses an invalid email or a missing name with the form shown again', async () => {
    const { challenge } = pkcePair();
    const url = authorizeUrl(cloud, { challenge, state: 's' });
    const badEmail = await fetch(url, {
      ...form({ email: 'not-an-email', name: 'Someone' }),
      redirect: 'manual',
    });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain('Enter a valid email address');
    const noName = await fetch(url, {
      ...form({ email: 'someone@example.com', name: '  ' }),
      redirect: 'manual',
    });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain('Enter your full name');
  });

  it('refuses a redirect_uri that is not a callback URL, and an unknown client, without redirecting', async () => {
    const { challenge } = pkcePair();
    const evil = new URL(authorizeUrl(cloud, { challenge, state: 's' }));
    evil.searchParams.set('redirect_uri', 'https://evil.example/');
    const refused = await fetch(evil, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();

    const unknownClient = new URL(authorizeUrl(cloud, { challenge, state: 's' }));
    unknownClient.searchParams.set('client_id', 'someone-else');
    expect((await fetch(unknownClient, { redirect: 'manual' })).status).toBe(400);
  });

  it('sends other request errors back to the app, with the state', async () => {
    const { challenge } = pkcePair();
    const plain = new URL(authorizeUrl(cloud, { challenge, state: 'keep-me' }));
    plain.searchParams.set('code_challenge_method', 'plain');
    const response = await fetch(plain, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${cloud.url}/`);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('keep-me');
  });
});

describe('authorization code + PKCE (/cognito/oauth2/token)', () => {
  it('exchanges a code for Cognito-shaped tokens', async () => {
    const { code, verifier } = await codeFor('Ada@Example.com');
    const response = await exchange(codeGrant(code, verifier));
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const id = decodeJwt(String(tokens.id_token));
    const access = decodeJwt(String(tokens.access_token));
    expect(typeof tokens.refresh_token).toBe('string');
    expect(decodeProtectedHeader(String(tokens.id_token))).toMatchObject({
      alg: 'RS256',
      kid: expect.any(String),
    });

    expect(id).toMatchObject({
      sub: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      aud: cloud.clientId,
      iss: cloud.issuer,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Test Person',
      token_use: 'id',
      'cognito:username': expect.stringMatching(/^google_\d{21}$/),
      identities: [
        expect.objectContaining({ providerName: 'Google', providerType: 'Google', primary: 'true' }),
      ],
      auth_time: expect.any(Number),
      picture: expect.stringMatching(/^http:\/\/localhost:\d+\/cognito\/avatar\/.+\.svg$/),
    });
    expect(Number(id.exp) - Number(id.iat)).toBe(3600);
    expect(access).toMatchObject({
      sub: id.sub,
      client_id: cloud.clientId,
      iss: cloud.issuer,
      token_use: 'access',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      username: id['cognito:username'],
      jti: expect.any(String),
      origin_jti: id.origin_jti,
    });
    expect(access.aud).toBeUndefined();

    const avatar = await fetch(String(id.picture));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('>TP<');
  });

  it('gives the same email the same sub every time, whatever its case, and other emails another', async () => {
    const first = await signIn(cloud, { email: 'stable@example.com', name: 'Stable One' });
    const again = await signIn(cloud, { email: 'STABLE@example.com', name: 'Stable Renamed' });
    const other = await signIn(cloud, { email: 'other@example.com', name: 'Other' });
    expect(again.sub).toBe(first.sub);
    expect(other.sub).not.toBe(first.sub);
    expect(decodeJwt(again.idToken).name).toBe('Stable Renamed');
  });

  it('rejects a wrong code_verifier', async () => {
    const { code } = await codeFor('pkce@example.com');
    const response = await exchange(codeGrant(code, pkcePair().verifier));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant' });
  });

  it('rejects a missing code_verifier when the code was issued with a challenge', async () => {
    const { code } = await codeFor('pkce2@example.com');
    const { code_verifier: _, ...withoutVerifier } = codeGrant(code, '');
    expect((await exchange(withoutVerifier)).status).toBe(400);
  });

  it('accepts a code once only', async () => {
    const { code, verifier } = await codeFor('once@example.com');
    expect((await exchange(codeGrant(code, verifier))).status).toBe(200);
    const reused = await exchange(codeGrant(code, verifier));
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant' });
  });

  it('rejects a redirect_uri other than the one the code was issued for', async () => {
    const { code, verifier } = await codeFor('redirect@example.com');
    const response = await exchange(codeGrant(code, verifier, { redirect_uri: `${cloud.url}/elsewhere` }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant' });
  });

  it('rejects another client_id', async () => {
    const { code, verifier } = await codeFor('client@example.com');
    const response = await exchange(codeGrant(code, verifier, { client_id: 'someone-else' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_client' });
  });

  it('lets a code expire after 5 minutes', async () => {
    const { code, verifier } = await codeFor('late@example.com');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60 * 1000 + 1000 });
    const response = await exchange(codeGrant(code, verifier));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant' });
  });

  it('rejects an unknown grant type', async () => {
    const response = await exchange({ grant_type: 'password', client_id: cloud.clientId });
    expect(await response.json()).toEqual({ error: 'unsupported_grant_type' });
  });
});

describe('refresh, revoke, userInfo and logout on the hosted UI domain', () => {
  it('refreshes with grant_type=refresh_token until the refresh token is revoked', async () => {
    const user = await signIn(cloud, { email: 'refresh@example.com', name: 'Refresh Me' });
    const refreshed = await exchange({
      grant_type: 'refresh_token',
      client_id: cloud.clientId,
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as Record<string, string>;
    expect(decodeJwt(tokens.id_token ?? '').sub).toBe(user.sub);
    expect(tokens.access_token).not.toBe(user.accessToken);
    expect(tokens.refresh_token).toBeUndefined();

    const revoked = await fetch(
      `${cloud.url}/cognito/oauth2/revoke`,
      form({ token: user.refreshToken, client_id: cloud.clientId }),
    );
    expect(revoked.status).toBe(200);
    const after = await exchange({
      grant_type: 'refresh_token',
      client_id: cloud.clientId,
      refresh_token: user.refreshToken,
    });
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual({ error: 'invalid_grant' });
  });

  it('answers userInfo for a live access token only', async () => {
    const user = await signIn(cloud, { email: 'info@example.com', name: 'Info Person' });
    const info = await fetch(`${cloud.url}/cognito/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      sub: user.sub,
      email: 'info@example.com',
      name: 'Info Person',
      email_verified: 'true',
    });
    const withIdToken = await fetch(`${cloud.url}/cognito/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(withIdToken.status).toBe(401);
  });

  it('redirects /logout to a registered logout_uri only', async () => {
    const logout = (uri: string) =>
      fetch(`${cloud.url}/cognito/logout?client_id=${cloud.clientId}&logout_uri=${encodeURIComponent(uri)}`, {
        redirect: 'manual',
      });
    const ok = await logout(`${cloud.url}/`);
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`${cloud.url}/`);
    const evil = await logout('https://evil.example/');
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
  });
});

describe('issuer metadata', () => {
  it('publishes the JWKS and OpenID discovery under the issuer', async () => {
    const discovery = (await (
      await fetch(`${cloud.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: cloud.issuer,
      jwks_uri: `${cloud.issuer}/.well-known/jwks.json`,
      authorization_endpoint: `${cloud.url}/cognito/oauth2/authorize`,
      token_endpoint: `${cloud.url}/cognito/oauth2/token`,
      revocation_endpoint: `${cloud.url}/cognito/oauth2/revoke`,
      userinfo_endpoint: `${cloud.url}/cognito/oauth2/userInfo`,
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code'],
    });
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({
      alg: 'RS256',
      e: 'AQAB',
      kid: expect.any(String),
      kty: 'RSA',
      n: expect.any(String),
      use: 'sig',
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const user = await signIn(cloud, { email: 'kid@example.com', name: 'Kid' });
    expect(decodeProtectedHeader(user.idToken).kid).toBe(jwks.keys[0]?.kid);
  });
});
