import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http';
import type { UserPoolState } from './state';
import { avatarUrl } from './tokens';
import { userAttributes } from './users';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Input = Record<string, unknown>;

/**
 * The Cognito user-pool JSON API (`POST /` with `X-Amz-Target`), the part Amplify calls once a user has
 * tokens: refreshing them, revoking the refresh token on sign-out, global sign-out and reading the user.
 */
export async function handleUserPoolApi(
  state: UserPoolState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    if (req.method !== 'POST') throw new CognitoError('UnknownOperationException', 'Only POST is supported');
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET_PREFIX))
      throw new CognitoError('UnknownOperationException', 'Missing X-Amz-Target');
    let input: Input;
    try {
      input = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Input;
    } catch {
      throw new CognitoError('SerializationException', 'Request body is not valid JSON');
    }
    const name = target.slice(TARGET_PREFIX.length);
    const operation = OPERATIONS[name] ?? ADMIN_OPERATIONS[name];
    if (!operation) throw new CognitoError('UnknownOperationException', `Unknown operation ${target}`);
    // Admin operations are IAM-authorised: only a request signed with AWS credentials (SigV4) reaches them.
    if (ADMIN_OPERATIONS[name] && !String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
      throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
    }
    const failures = state.failures.get(name) ?? 0;
    if (failures > 0) {
      state.failures.set(name, failures - 1);
      throw new CognitoError('InternalErrorException', 'Internal error', 500);
    }
    respond(res, 200, await operation(state, input));
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
    respond(res, error.status, { __type: error.type, message: error.message }, error.type);
  }
}

function respond(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': crypto.randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': `${errorType}:` } : {}),
  });
  res.end(text);
}

function requireString(input: Input, field: string): string {
  const value = input[field];
  if (typeof value !== 'string' || !value) {
    throw new CognitoError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field.charAt(0).toLowerCase()}${field.slice(1)}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

function checkClient(state: UserPoolState, clientId: string): void {
  if (clientId !== state.settings.clientId) {
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  }
}

async function refresh(state: UserPoolState, clientId: string, refreshToken: string) {
  checkClient(state, clientId);
  const found = state.sessions.lookup(refreshToken);
  if ('error' in found) {
    const message = {
      invalid: 'Invalid Refresh Token',
      revoked: 'Refresh Token has been revoked',
      expired: 'Refresh Token has expired',
    };
    throw new CognitoError('NotAuthorizedException', message[found.error]);
  }
  if (found.session.clientId !== clientId)
    throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  const user = state.users.bySub(found.session.sub);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  const tokens = await state.minter.mint(user, found.session);
  // Refresh-token rotation is off (Cognito's default), so no new refresh token comes back.
  return {
    AccessToken: tokens.accessToken,
    ExpiresIn: tokens.expiresIn,
    IdToken: tokens.idToken,
    TokenType: 'Bearer',
  };
}

/** An access token good for the self-service operations: valid, not revoked, with the admin scope. */
async function signedInUser(state: UserPoolState, input: Input) {
  const verified = await state.minter.verifyAccessToken(requireString(input, 'AccessToken'));
  if ('error' in verified) {
    throw new CognitoError(
      'NotAuthorizedException',
      verified.error === 'expired' ? 'Access Token has expired' : 'Invalid Access Token',
    );
  }
  const { claims } = verified;
  if (state.sessions.isRevoked(claims.origin_jti))
    throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
  if (!claims.scope.split(' ').includes(ADMIN_SCOPE)) {
    throw new CognitoError('NotAuthorizedException', 'Access Token does not have required scopes');
  }
  const user = state.users.bySub(claims.sub);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  return user;
}

type Operation = (state: UserPoolState, input: Input) => Promise<unknown>;

/** The user an admin operation names by pool and username, as Cognito finds it. */
function namedUser(state: UserPoolState, input: Input) {
  const poolId = requireString(input, 'UserPoolId');
  const username = requireString(input, 'Username');
  if (poolId !== state.settings.userPoolId) {
    throw new CognitoError('ResourceNotFoundException', `User pool ${poolId} does not exist.`);
  }
  const user = state.users.byUsername(username);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  return user;
}

/**
 * Operations a back end calls with IAM credentials (the account deletion's), never the app. The local IAM guard
 * (scripts/local-cloud/iam) decides which function may call them.
 */
const ADMIN_OPERATIONS: Record<string, Operation> = {
  /** The user as a Google-federated user looks: `EXTERNAL_PROVIDER`, her attributes with her `sub`. */
  async AdminGetUser(state, input) {
    const user = namedUser(state, input);
    return {
      Username: user.username,
      UserAttributes: Object.entries(userAttributes(user, avatarUrl(state.settings, user.sub))).map(
        ([Name, Value]) => ({ Name, Value }),
      ),
      UserCreateDate: user.createdAt / 1000,
      UserLastModifiedDate: user.lastUsedAt / 1000,
      Enabled: true,
      UserStatus: 'EXTERNAL_PROVIDER',
    };
  },

  /**
   * Signs the user out of every session: refresh tokens no longer refresh and access tokens no longer work
   * with Cognito's APIs. ID and access tokens stay valid JWTs until they expire, as on AWS: API Gateway's JWT
   * authorizer checks signatures and times, not revocation.
   */
  async AdminUserGlobalSignOut(state, input) {
    state.sessions.signOutEverywhere(namedUser(state, input).sub);
    return {};
  },

  /**
   * Deletes the user: her sessions end (their refresh tokens no longer refresh), and the next sign-in with the
   * same Google account makes a new user with a new `sub` and the same username. Tokens already issued stay
   * valid JWTs until they expire, as on AWS.
   */
  async AdminDeleteUser(state, input) {
    const user = namedUser(state, input);
    state.sessions.signOutEverywhere(user.sub);
    state.users.delete(user.sub);
    return {};
  },
};

const OPERATIONS: Record<string, Operation> = {
  /** What Amplify 6 calls to refresh tokens. */
  async GetTokensFromRefreshToken(state, input) {
    const result = await refresh(
      state,
      requireString(input, 'ClientId'),
      requireString(input, 'RefreshToken'),
    );
    return { AuthenticationResult: result };
  },

  /** The older refresh call (Amplify 5, AWS SDKs); only the refresh flows exist for a Google-only pool. */
  async InitiateAuth(state, input) {
    const flow = requireString(input, 'AuthFlow');
    const clientId = requireString(input, 'ClientId');
    if (flow !== 'REFRESH_TOKEN_AUTH' && flow !== 'REFRESH_TOKEN') {
      checkClient(state, clientId);
      throw new CognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
    }
    const parameters = (input.AuthParameters ?? {}) as Record<string, unknown>;
    const refreshToken = typeof parameters.REFRESH_TOKEN === 'string' ? parameters.REFRESH_TOKEN : '';
    if (!refreshToken)
      throw new CognitoError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
    return { AuthenticationResult: await refresh(state, clientId, refreshToken), ChallengeParameters: {} };
  },

  async RevokeToken(state, input) {
    const token = requireString(input, 'Token');
    const clientId = requireString(input, 'ClientId');
    checkClient(state, clientId);
    const found = state.sessions.lookup(token);
    if ('session' in found && found.session.clientId !== clientId) {
      throw new CognitoError('UnauthorizedException', 'Client is not authorized to revoke this token');
    }
    state.sessions.revoke(token);
    return {};
  },

  async GlobalSignOut(state, input) {
    const user = await signedInUser(state, input);
    state.sessions.signOutEverywhere(user.sub);
    return {};
  },

  async GetUser(state, input) {
    const user = await signedInUser(state, input);
    return {
      Username: user.username,
      UserAttributes: Object.entries(userAttributes(user, avatarUrl(state.settings, user.sub))).map(
        ([Name, Value]) => ({ Name, Value }),
      ),
    };
  },
};
