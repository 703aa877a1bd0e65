import { memoised } from '../memoised';
import { instrumented } from './instrumentation';

/**
 * Secrets Manager, loaded on first use: its import cost is paid by the first request that reads a secret, not
 * by every cold start. The endpoint is AWS's regional one unless the SDK's own configuration names another
 * (AWS_ENDPOINT_URL_SECRETS_MANAGER: the local cloud's emulator).
 */
const secretsManager = memoised(async () => {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  // A secret is read once per container; a Secrets Manager that does not answer must not hold the request
  // longer than the table would (docs/rules.md#outages).
  const client = new SecretsManagerClient({
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 500, requestTimeout: 1000, throwOnRequestTimeout: true },
  });
  return { client: instrumented(client), GetSecretValueCommand };
});

/** The string value of a secret's current version. */
export async function secretString(secretId: string): Promise<string> {
  const { client, GetSecretValueCommand } = await secretsManager();
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (result.SecretString === undefined) throw new Error(`Secret ${secretId} holds no string value`);
  return result.SecretString;
}
