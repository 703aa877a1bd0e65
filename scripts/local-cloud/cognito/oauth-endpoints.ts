import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { epochSeconds, systemClock } from '../clock';
import { queryOf, readForm, redirect, sendHtml, sendJson } from '../http';
import { avatarSvg } from './avatar';
import { renderAccountPage, renderErrorPage } from './hosted-ui';
import { ALLOWED_SCOPES } from './pool';
import type { UserPoolState } from './state';
import { avatarUrl } from './tokens';
import { userAttributes } from './users';

/**
 * The hosted UI domain's endpoints (Cognito's "OAuth 2.0 endpoints"): the app reaches them at
 * `https://{oauthDomain}/...`, here `{origin}/cognito/...`.
 */
export async function handleHostedUi(
  state: UserPoolState,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const endpoint = ENDPOINTS[`${method} ${path}`];
  if (endpoint) {
    await endpoint(state, req, res);
    return true;
  }
  const avatar = /^\/avatar\/([0-9a-f-]{36})\.svg$/.exec(path);
  if (avatar && method === 'GET') {
    const user = state.users.bySub(avatar[1] ?? '');
    const svg = avatarSvg(user?.name ?? '?', avatar[1] ?? '');
    res.writeHead(user ? 200 : 404, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
    });
    res.end(svg);
    return true;
  }
  return false;
}

type Endpoint = (state: UserPoolState, req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /oauth2/authorize': authorizePage,
  'POST /oauth2/authorize': authorizeSubmit,
  // Cognito's own hosted UI page; for a Google-only pool it shows the same choice.
  'GET /login': authorizePage,
  'POST /login': authorizeSubmit,
  'POST /oauth2/token': token,
  'POST /oauth2/revoke': revoke,
  'GET /oauth2/userInfo': userInfo,
  'POST /oauth2/userInfo': userInfo,
  'GET /logout': logout,
};

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  scope: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
}

type Parsed =
  | { ok: AuthorizeRequest }
  | { page: string }
  | { redirectError: { uri: string; error: string; description: string; state?: string } };

/** Validates /oauth2/authorize parameters in Cognito's order: client and redirect first (shown as a page), then the rest (sent back to the app). */
function parseAuthorize(state: UserPoolState, query: URLSearchParams): Parsed {
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  if (clientId !== state.settings.clientId)
    return { page: 'The app asked to sign in with an unknown client_id.' };
  if (!state.settings.callbackUrls.includes(redirectUri))
    return { page: `redirect_uri ${redirectUri || '(none)'} is not one of the app's callback URLs.` };
  const oauthState = query.get('state') ?? undefined;
  const fail = (error: string, description: string): Parsed => ({
    redirectError: { uri: redirectUri, error, description, ...(oauthState ? { state: oauthState } : {}) },
  });
  if (query.get('response_type') !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is enabled');
  const scopes = (query.get('scope') ?? 'openid email profile phone aws.cognito.signin.user.admin')
    .split(/\s+/)
    .filter(Boolean);
  if (scopes.some((scope) => !(ALLOWED_SCOPES as readonly string[]).includes(scope)))
    return fail('invalid_scope', 'Invalid scope');
  const provider = query.get('identity_provider');
  if (provider && provider !== 'Google')
    return fail('invalid_request', `Identity provider ${provider} is not enabled`);
  const codeChallenge = query.get('code_challenge') ?? undefined;
  const codeChallengeMethod = query.get('code_challenge_method') ?? undefined;
  if (codeChallenge && codeChallengeMethod !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256');
  if (query.get('prompt') === 'none') return fail('login_required', 'Login required');
  return {
    ok: {
      clientId,
      redirectUri,
      scope: scopes.join(' '),
      ...(oauthState ? { state: oauthState } : {}),
      ...(codeChallenge ? { codeChallenge, codeChallengeMethod } : {}),
      ...(query.get('nonce') ? { nonce: query.get('nonce') as string } : {}),
    },
  };
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function answerInvalid(res: ServerResponse, parsed: Exclude<Parsed, { ok: AuthorizeRequest }>) {
  if ('page' in parsed) return sendHtml(res, 400, renderErrorPage(parsed.page));
  const { uri, error, description, state } = parsed.redirectError;
  redirect(res, withParams(uri, { error_description: description, error, state }));
}

function authorizePage(state: UserPoolState, req: IncomingMessage, res: ServerResponse) {
  const parsed = parseAuthorize(state, new URLSearchParams(queryOf(req)));
  if (!('ok' in parsed)) return answerInvalid(res, parsed);
  sendHtml(res, 200, renderAccountPage({ formAction: req.url ?? '', accounts: state.users.remembered() }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function authorizeSubmit(
  state: UserPoolState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const parsed = parseAuthorize(state, new URLSearchParams(queryOf(req)));
  if (!('ok' in parsed)) return answerInvalid(res, parsed);
  const form = await readForm(req);
  const chosen = form.get('account');
  const remembered = chosen ? state.users.byEmail(chosen) : undefined;
  const email = (remembered?.email ?? form.get('email') ?? '').trim();
  const name = (remembered?.name ?? form.get('name') ?? '').trim();
  const errors: { email?: string; name?: string } = {};
  if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid email address';
  if (!name || name.length > 100) errors.name = 'Enter your full name (up to 100 characters)';
  if (errors.email || errors.name) {
    return sendHtml(
      res,
      400,
      renderAccountPage({
        formAction: req.url ?? '',
        accounts: state.users.remembered(),
        values: { email, name },
        errors,
      }),
    );
  }
  const user = state.users.signIn(email, name);
  const { ok } = parsed;
  const code = state.sessions.issueCode({
    sub: user.sub,
    clientId: ok.clientId,
    redirectUri: ok.redirectUri,
    scope: ok.scope,
    authTime: epochSeconds(state.settings.clock ?? systemClock),
    ...(ok.codeChallenge
      ? { codeChallenge: ok.codeChallenge, codeChallengeMethod: ok.codeChallengeMethod }
      : {}),
    ...(ok.nonce ? { nonce: ok.nonce } : {}),
  });
  redirect(res, withParams(ok.redirectUri, { code, state: ok.state }));
}

/** Public clients send client_id in the body; confidential ones use HTTP Basic. Bloom's client is public. */
function clientIdOf(req: IncomingMessage, form: URLSearchParams): string | undefined {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return form.get('client_id') ?? undefined;
}

function oauthError(res: ServerResponse, error: string, status = 400): void {
  sendJson(res, status, { error }, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

async function token(state: UserPoolState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return oauthError(res, 'invalid_request');
  }
  const form = await readForm(req);
  const clientId = clientIdOf(req, form);
  if (clientId !== state.settings.clientId) return oauthError(res, 'invalid_client');
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const grant = state.sessions.redeemCode(form.get('code') ?? '');
    if (!grant || grant.clientId !== clientId) return oauthError(res, 'invalid_grant');
    if (form.get('redirect_uri') !== grant.redirectUri) return oauthError(res, 'invalid_grant');
    if (grant.codeChallenge && !pkceMatches(form.get('code_verifier') ?? '', grant.codeChallenge)) {
      return oauthError(res, 'invalid_grant');
    }
    const user = state.users.bySub(grant.sub);
    if (!user) return oauthError(res, 'invalid_grant');
    const { refreshToken, session } = state.sessions.startSession(grant);
    const tokens = await state.minter.mint(user, session, grant.nonce ? { nonce: grant.nonce } : {});
    return sendJson(
      res,
      200,
      {
        id_token: tokens.idToken,
        access_token: tokens.accessToken,
        refresh_token: refreshToken,
        expires_in: tokens.expiresIn,
        token_type: 'Bearer',
      },
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    );
  }
  if (grantType === 'refresh_token') {
    const found = state.sessions.lookup(form.get('refresh_token') ?? '');
    if ('error' in found || found.session.clientId !== clientId) return oauthError(res, 'invalid_grant');
    const user = state.users.bySub(found.session.sub);
    if (!user) return oauthError(res, 'invalid_grant');
    const tokens = await state.minter.mint(user, found.session);
    return sendJson(
      res,
      200,
      {
        id_token: tokens.idToken,
        access_token: tokens.accessToken,
        expires_in: tokens.expiresIn,
        token_type: 'Bearer',
      },
      { 'cache-control': 'no-store', pragma: 'no-cache' },
    );
  }
  oauthError(res, 'unsupported_grant_type');
}

async function revoke(state: UserPoolState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const clientId = clientIdOf(req, form);
  if (clientId !== state.settings.clientId) return oauthError(res, 'invalid_client');
  const refreshToken = form.get('token');
  if (!refreshToken) return oauthError(res, 'invalid_request');
  const found = state.sessions.lookup(refreshToken);
  if ('session' in found && found.session.clientId !== clientId)
    return oauthError(res, 'unauthorized_client');
  // RFC 7009: an unknown or already revoked token is answered like a successful revocation.
  state.sessions.revoke(refreshToken);
  res.writeHead(200, { 'cache-control': 'no-store' });
  res.end();
}

async function userInfo(state: UserPoolState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const invalid = () =>
    sendJson(
      res,
      401,
      {
        error: 'invalid_token',
        error_description:
          'Access token is expired, disabled, or deleted, or the user has globally signed out.',
      },
      {
        'www-authenticate': 'Bearer error="invalid_token"',
      },
    );
  if (!bearer) return invalid();
  const verified = await state.minter.verifyAccessToken(bearer);
  if ('error' in verified || state.sessions.isRevoked(verified.claims.origin_jti)) return invalid();
  const user = state.users.bySub(verified.claims.sub);
  if (!user) return invalid();
  sendJson(res, 200, {
    ...userAttributes(user, avatarUrl(state.settings, user.sub)),
    username: user.username,
  });
}

function logout(state: UserPoolState, req: IncomingMessage, res: ServerResponse) {
  const query = new URLSearchParams(queryOf(req));
  if (query.get('client_id') !== state.settings.clientId) {
    return sendHtml(res, 400, renderErrorPage('The app asked to sign out with an unknown client_id.'));
  }
  const logoutUri = query.get('logout_uri');
  if (logoutUri) {
    if (!state.settings.logoutUrls.includes(logoutUri)) {
      return sendHtml(
        res,
        400,
        renderErrorPage(`logout_uri ${logoutUri} is not one of the app's sign-out URLs.`),
      );
    }
    return redirect(res, logoutUri);
  }
  // The other form Cognito accepts: sign out, then straight back to the sign-in page.
  if (query.get('redirect_uri') && query.get('response_type')) {
    return redirect(res, `${state.settings.origin}/cognito/oauth2/authorize?${query.toString()}`);
  }
  sendHtml(res, 400, renderErrorPage('Sign-out needs a logout_uri.'));
}
