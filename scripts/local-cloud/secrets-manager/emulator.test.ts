import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../dynamodb';
import { type SecretsManagerEmulator, startSecretsManagerEmulator } from './emulator';

let emulator: SecretsManagerEmulator;
let client: SecretsManagerClient;

beforeAll(async () => {
  emulator = await startSecretsManagerEmulator();
  client = new SecretsManagerClient({
    endpoint: emulator.url,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
});
afterAll(() => emulator?.stop());

const read = (input: { SecretId: string; VersionStage?: string }) =>
  client.send(new GetSecretValueCommand(input));

describe('the local Secrets Manager, through the AWS SDK', () => {
  it('answers the current version by name, by ARN and by ARN without its random suffix', async () => {
    const arn = emulator.putSecretValue('bloom/test/by-id', 'one');
    expect(arn).toMatch(/^arn:aws:secretsmanager:eu-west-1:\d{12}:secret:bloom\/test\/by-id-\w{6}$/);
    for (const SecretId of ['bloom/test/by-id', arn, arn.slice(0, -7)]) {
      expect(await read({ SecretId })).toMatchObject({
        ARN: arn,
        SecretString: 'one',
        VersionStages: ['AWSCURRENT'],
      });
    }
  });

  it('makes a new value current and keeps the one it replaces as AWSPREVIOUS, as a rotation does', async () => {
    const arn = emulator.putSecretValue('bloom/test/rotated', 'old');
    expect(emulator.putSecretValue('bloom/test/rotated', 'new')).toBe(arn);
    expect((await read({ SecretId: arn })).SecretString).toBe('new');
    expect((await read({ SecretId: arn, VersionStage: 'AWSPREVIOUS' })).SecretString).toBe('old');
  });

  it("answers Secrets Manager's ResourceNotFoundException for a secret it does not hold", async () => {
    await expect(read({ SecretId: 'bloom/test/missing' })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: "Secrets Manager can't find the specified secret.",
    });
  });
});
