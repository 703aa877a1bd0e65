import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';

export interface SignedInUser {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  sub: string;
}

export interface CloudEndpoints {
  url: string;
  clientId: string;
}

/** The part of `fetch` the flow uses; pass another one to reach a cloud whose certificate Node does not trust. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The scopes Bloom's web app asks for. */
export const APP_SCOPES = 'openid email profile aws.cognito.signin.user.admin';

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(cloud: CloudEndpoints, params: { challenge: string; state: string }): string {
  const query = new URLSearchParams({
    redirect_uri: `${cloud.url}/`,
    response_type: 'code',
    client_id: cloud.clientId,
    identity_provider: 'Google',
    scope: APP_SCOPES,
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
  });
  return `${cloud.url}/cognito/oauth2/authorize?${query}`;
}

/**
 * Chooses an account on the hosted UI and returns the authorization code, the way a browser does it:
 * open the authorize URL, post the account form, follow the redirect back to the app.
 */
export async function authorizationCode(
  cloud: CloudEndpoints,
  account: { email: string; name: string },
  challenge: string,
  fetch: Fetch = globalThis.fetch,
): Promise<string> {
  const state = randomBytes(16).toString('hex');
  const url = authorizeUrl(cloud, { challenge, state });
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('name="email"')) {
    throw new Error(`The hosted UI did not show the account page (${page.status}): ${html.slice(0, 300)}`);
  }
  const submitted = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account).toString(),
    redirect: 'manual',
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) {
    throw new Error(
      `The hosted UI did not redirect back (${submitted.status}): ${(await submitted.text()).slice(0, 300)}`,
    );
  }
  const back = new URL(location);
  if (`${back.origin}${back.pathname}` !== `${cloud.url}/`)
    throw new Error(`Redirected to ${location}, not the app`);
  if (back.searchParams.get('state') !== state) throw new Error('The state did not come back unchanged');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`No code in ${location}`);
  return code;
}

/**
 * Signs in through the Cognito emulator with the real authorization-code + PKCE flow over HTTP and returns
 * the tokens the web app would hold.
 */
export async function signIn(
  cloud: CloudEndpoints,
  account: { email: string; name: string },
  fetch: Fetch = globalThis.fetch,
): Promise<SignedInUser> {
  const { verifier, challenge } = pkcePair();
  const code = await authorizationCode(cloud, account, challenge, fetch);
  const response = await fetch(`${cloud.url}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: cloud.clientId,
      redirect_uri: `${cloud.url}/`,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await response.json()) as Record<string, string>;
  if (response.status !== 200)
    throw new Error(`Token exchange failed (${response.status}): ${JSON.stringify(tokens)}`);
  const { id_token: idToken, access_token: accessToken, refresh_token: refreshToken } = tokens;
  if (!idToken || !accessToken || !refreshToken)
    throw new Error(`Incomplete token response: ${JSON.stringify(tokens)}`);
  return { idToken, accessToken, refreshToken, sub: String(decodeJwt(idToken).sub) };
}
