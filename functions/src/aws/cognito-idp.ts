import { memoised } from '../memoised';
import { instrumented } from './instrumentation';

/**
 * The Cognito user-pool API, loaded on first use: only deleting an account calls it. The endpoint is AWS's
 * regional one unless the SDK's own configuration names another (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER:
 * the local cloud's emulator).
 */
const userPoolApi = memoised(async () => {
  const sdk = await import('@aws-sdk/client-cognito-identity-provider');
  return { client: instrumented(new sdk.CognitoIdentityProviderClient({})), sdk };
});

/**
 * Signs out and deletes the pool's user of this username, only if it is still the one with this `sub`: a
 * federated user's username (`google_<id>`) is given again when the same Google account signs up after a
 * deletion, to a user with a new `sub`, whom an old token must never reach. Answers whether it deleted one.
 */
export async function signOutAndDeleteUser(
  userPoolId: string,
  username: string,
  sub: string,
): Promise<boolean> {
  const { client, sdk } = await userPoolApi();
  const ids = { UserPoolId: userPoolId, Username: username };
  try {
    const user = await client.send(new sdk.AdminGetUserCommand(ids));
    const userSub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (userSub !== sub) return false;
    // Her refresh tokens stop working, and her access tokens for Cognito's own APIs, before she is deleted.
    await client.send(new sdk.AdminUserGlobalSignOutCommand(ids));
    await client.send(new sdk.AdminDeleteUserCommand(ids));
    return true;
  } catch (error) {
    if (error instanceof sdk.UserNotFoundException) return false;
    throw error;
  }
}
