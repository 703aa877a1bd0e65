import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../testing/sign-in';
import { startTestCloud, type TestCloud } from '../testing/test-cloud';

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(() => cloud?.stop());

/** Calls the user-pool API exactly as Amplify's serializer does. */
async function call(operation: string, input: Record<string, unknown>) {
  const response = await fetch(`${cloud.url}/cognito-idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'cache-control': 'no-store',
    },
    body: JSON.stringify(input),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whichever fields each operation answers with.
  const body = (await response.json()) as Record<string, any>;
  return { status: response.status, headers: response.headers, body };
}

const refresh = (refreshToken: string) =>
  call('GetTokensFromRefreshToken', { ClientId: cloud.clientId, RefreshToken: refreshToken });

describe('Cognito user-pool API (/cognito-idp)', () => {
  it('refreshes tokens with GetTokensFromRefreshToken, as Amplify 6 does', async () => {
    const user = await signIn(cloud, { email: 'gettokens@example.com', name: 'Get Tokens' });
    const { status, headers, body } = await refresh(user.refreshToken);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(body.AuthenticationResult).toEqual({
      AccessToken: expect.any(String),
      IdToken: expect.any(String),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    });
    const access = decodeJwt(body.AuthenticationResult.AccessToken);
    expect(access).toMatchObject({
      sub: user.sub,
      token_use: 'access',
      origin_jti: decodeJwt(user.accessToken).origin_jti,
    });
    expect(typeof access.iat).toBe('number');
    expect(decodeJwt(body.AuthenticationResult.IdToken)).toMatchObject({
      sub: user.sub,
      email: 'gettokens@example.com',
    });
  });

  it('refreshes with InitiateAuth REFRESH_TOKEN_AUTH too, and refuses other flows', async () => {
    const user = await signIn(cloud, { email: 'initiate@example.com', name: 'Initiate' });
    const ok = await call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: cloud.clientId,
      AuthParameters: { REFRESH_TOKEN: user.refreshToken },
    });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.AuthenticationResult.IdToken).sub).toBe(user.sub);
    const password = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud.clientId,
      AuthParameters: { USERNAME: 'x', PASSWORD: 'y' },
    });
    expect(password.status).toBe(400);
    expect(password.body.__type).toBe('InvalidParameterException');
  });

  it('answers errors in Cognito shape', async () => {
    const invalid = await refresh('not-a-refresh-token');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect(invalid.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:');

    const otherClient = await call('GetTokensFromRefreshToken', { ClientId: 'nope', RefreshToken: 'x' });
    expect(otherClient.body.__type).toBe('ResourceNotFoundException');
    const missing = await call('GetTokensFromRefreshToken', { ClientId: cloud.clientId });
    expect(missing.body.__type).toBe('InvalidParameterException');
    const unknown = await call('AdminCreateUser', {});
    expect(unknown.body.__type).toBe('UnknownOperationException');
  });

  it('RevokeToken ends that session: refresh fails afterwards and its access tokens stop working here', async () => {
    const user = await signIn(cloud, { email: 'revoke@example.com', name: 'Revoke' });
    const other = await signIn(cloud, { email: 'revoke@example.com', name: 'Revoke' });
    expect((await call('RevokeToken', { ClientId: cloud.clientId, Token: user.refreshToken })).status).toBe(
      200,
    );

    const after = await refresh(user.refreshToken);
    expect(after.status).toBe(400);
    expect(after.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    const getUser = await call('GetUser', { AccessToken: user.accessToken });
    expect(getUser.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Another session of the same user is untouched.
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('GlobalSignOut ends every session of the user, and only that user', async () => {
    const laptop = await signIn(cloud, { email: 'global@example.com', name: 'Global' });
    const phone = await signIn(cloud, { email: 'global@example.com', name: 'Global' });
    const someoneElse = await signIn(cloud, { email: 'bystander@example.com', name: 'Bystander' });

    const signedOut = await call('GlobalSignOut', { AccessToken: laptop.accessToken });
    expect(signedOut).toMatchObject({ status: 200, body: {} });

    for (const session of [laptop, phone]) {
      expect((await refresh(session.refreshToken)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      expect((await call('GetUser', { AccessToken: session.accessToken })).body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    expect((await refresh(someoneElse.refreshToken)).status).toBe(200);
    // Signing in again starts a fresh session that works.
    const again = await signIn(cloud, { email: 'global@example.com', name: 'Global' });
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('GetUser returns the attributes of the signed-in user', async () => {
    const user = await signIn(cloud, { email: 'attributes@example.com', name: 'Attribute Person' });
    const { status, body } = await call('GetUser', { AccessToken: user.accessToken });
    expect(status).toBe(200);
    expect(body.Username).toMatch(/^google_\d{21}$/);
    const attributes = Object.fromEntries(
      body.UserAttributes.map((a: { Name: string; Value: string }) => [a.Name, a.Value]),
    );
    expect(attributes).toMatchObject({
      sub: user.sub,
      email: 'attributes@example.com',
      email_verified: 'true',
      name: 'Attribute Person',
      picture: expect.stringContaining('/cognito/avatar/'),
    });
    expect(JSON.parse(attributes.identities)[0]).toMatchObject({ providerName: 'Google' });

    const withIdToken = await call('GetUser', { AccessToken: user.idToken });
    expect(withIdToken.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });
});

describe('AdminDeleteUser', () => {
  it('refuses a request not signed with AWS credentials, as an app could send it', async () => {
    const user = await signIn(cloud, { email: 'unsigned-admin@example.com', name: 'Unsigned' });
    const { status, body } = await call('AdminDeleteUser', {
      UserPoolId: cloud.userPoolId,
      Username: decodeJwt(user.idToken)['cognito:username'],
    });
    expect(status).toBe(403);
    expect(body.__type).toBe('MissingAuthenticationTokenException');
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });

  it('deletes the user: her refresh token stops working, and the same Google account signs up with a new sub', async () => {
    // Bloom's own client, signed with the environment's credentials, at the address the cloud gave the functions.
    const { signOutAndDeleteUser } = await import('@bloom/functions/aws/cognito-idp');
    const user = await signIn(cloud, { email: 'deleted@example.com', name: 'Deleted' });
    const username = String(decodeJwt(user.idToken)['cognito:username']);
    expect(await signOutAndDeleteUser(cloud.userPoolId, username, user.sub)).toBe(true);

    const refused = await refresh(user.refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('NotAuthorizedException');
    // Gone: deleting again finds no such user.
    expect(await signOutAndDeleteUser(cloud.userPoolId, username, user.sub)).toBe(false);

    const again = await signIn(cloud, { email: 'deleted@example.com', name: 'Deleted' });
    expect(again.sub).not.toBe(user.sub);
    expect(decodeJwt(again.idToken)['cognito:username']).toBe(username);
    // The old `sub` no longer names the user of that username: she is not deleted in its name.
    expect(await signOutAndDeleteUser(cloud.userPoolId, username, user.sub)).toBe(false);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });
});

describe('AdminGetUser and AdminUserGlobalSignOut', () => {
  it('reads the user by username with her sub, and signs her out of every session', async () => {
    const user = await signIn(cloud, { email: 'signed-out@example.com', name: 'Signed Out' });
    const username = String(decodeJwt(user.idToken)['cognito:username']);
    const signed = { UserPoolId: cloud.userPoolId, Username: username };
    const { CognitoIdentityProviderClient, AdminGetUserCommand, AdminUserGlobalSignOutCommand } =
      await import('@aws-sdk/client-cognito-identity-provider');
    const client = new CognitoIdentityProviderClient({});
    const found = await client.send(new AdminGetUserCommand(signed));
    expect(found.Username).toBe(username);
    expect(found.UserStatus).toBe('EXTERNAL_PROVIDER');
    expect(found.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value).toBe(user.sub);

    await client.send(new AdminUserGlobalSignOutCommand(signed));
    expect((await refresh(user.refreshToken)).body.__type).toBe('NotAuthorizedException');
    const withAccessToken = await call('GetUser', { AccessToken: user.accessToken });
    expect(withAccessToken.body.__type).toBe('NotAuthorizedException');
  });
});
