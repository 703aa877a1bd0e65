import { memoised } from '../memoised';
import { instrumented } from './instrumentation';

/**
 * The Cognito user-pool API, loaded on first use: only deleting an account calls it. The endpoint is AWS's
 * regional one unless the SDK's own configuration names another (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER:
 * the local cloud's emulator).
 */
const userPoolApi = memoised(async () => {
  const { AdminDeleteUserCommand, CognitoIdentityProviderClient, UserNotFoundException } = await import(
    '@aws-sdk/client-cognito-identity-provider'
  );
  return {
    client: instrumented(new CognitoIdentityProviderClient({})),
    AdminDeleteUserCommand,
    UserNotFoundException,
  };
});

/** Deletes a user of the pool; true if it existed, false if it was gone already. */
export async function adminDeleteUser(userPoolId: string, username: string): Promise<boolean> {
  const { client, AdminDeleteUserCommand, UserNotFoundException } = await userPoolApi();
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
}
