import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { JSONWebKeySet } from 'jose';
import { pathOf, sendJson } from '../http';
import { handleHostedUi } from './oauth-endpoints';
import { issuerOf, type UserPoolSettings } from './pool';
import { SessionStore } from './sessions';
import { loadSigningKey } from './signing-key';
import type { UserPoolState } from './state';
import { TokenMinter } from './tokens';
import { handleUserPoolApi } from './user-pool-api';
import { UserDirectory } from './users';

/** Path prefix of the hosted UI; the app's `oauthDomain` is `{host}/cognito`. */
export const HOSTED_UI_PREFIX = '/cognito';
/** Path of the user-pool API and parent of the issuer. */
export const USER_POOL_API_PREFIX = '/cognito-idp';

export interface CognitoEmulator {
  issuer: string;
  userPoolId: string;
  clientId: string;
  jwks(): JSONWebKeySet;
  /** Answers the request if it is the emulator's; false if the path is someone else's. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The user-pool API alone, as `cognito-idp.{region}.amazonaws.com` serves it on an origin of its own. */
  handleUserPoolApi(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The next `times` calls of a user-pool API operation fail with Cognito's InternalErrorException (500). */
  failNext(operation: string, times: number): void;
}

/**
 * A stand-in for a Cognito user pool with Google as its only identity provider, on paths of the app's own
 * origin: the hosted UI under /cognito, the issuer and the user-pool API under /cognito-idp.
 */
export async function createCognitoEmulator(settings: UserPoolSettings): Promise<CognitoEmulator> {
  const file = (name: string) => (settings.dataDir ? join(settings.dataDir, name) : undefined);
  const key = await loadSigningKey(file('signing-key.json'));
  const state: UserPoolState = {
    settings,
    key,
    users: new UserDirectory(file('accounts.json')),
    sessions: new SessionStore(file('sessions.json'), settings.clock),
    minter: new TokenMinter(settings, key),
    failures: new Map(),
  };
  const issuer = issuerOf(settings);
  const issuerPath = new URL(issuer).pathname;
  const jwks = (): JSONWebKeySet => ({ keys: [key.publicJwk] });

  return {
    issuer,
    userPoolId: settings.userPoolId,
    clientId: settings.clientId,
    jwks,
    handleUserPoolApi: (req, res) => handleUserPoolApi(state, req, res),
    failNext(operation, times) {
      state.failures.set(operation, times);
    },
    async handle(req, res) {
      const path = pathOf(req);
      if (path.startsWith(`${HOSTED_UI_PREFIX}/`)) {
        return handleHostedUi(state, path.slice(HOSTED_UI_PREFIX.length), req, res);
      }
      if (path === `${issuerPath}/.well-known/jwks.json`) {
        sendJson(res, 200, jwks(), { 'cache-control': 'public, max-age=300' });
        return true;
      }
      if (path === `${issuerPath}/.well-known/openid-configuration`) {
        sendJson(res, 200, discoveryDocument(settings.origin, issuer));
        return true;
      }
      if (path === USER_POOL_API_PREFIX || path === `${USER_POOL_API_PREFIX}/`) {
        await handleUserPoolApi(state, req, res);
        return true;
      }
      return false;
    },
  };
}

function discoveryDocument(origin: string, issuer: string) {
  const hostedUi = `${origin}${HOSTED_UI_PREFIX}`;
  return {
    authorization_endpoint: `${hostedUi}/oauth2/authorize`,
    end_session_endpoint: `${hostedUi}/logout`,
    id_token_signing_alg_values_supported: ['RS256'],
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    revocation_endpoint: `${hostedUi}/oauth2/revoke`,
    scopes_supported: ['openid', 'email', 'phone', 'profile'],
    subject_types_supported: ['public'],
    token_endpoint: `${hostedUi}/oauth2/token`,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    userinfo_endpoint: `${hostedUi}/oauth2/userInfo`,
  };
}
