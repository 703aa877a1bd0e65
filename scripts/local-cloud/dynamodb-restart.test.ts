import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from './cloud';
import { localDynamoClient } from './dynamodb';
import { api } from './testing/api';
import { signIn } from './testing/sign-in';

/**
 * The local cloud's own DynamoDB Local, kept on disk as `npm start` keeps it, killed from outside
 * (docs/rules.md#outages). start.test.ts shows the same through `npm start` itself.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bloom-restart-'));
let cloud: LocalCloud | undefined;
afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function dynamoDbLocalOn(endpoint: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*-port ${new URL(endpoint).port}( |$)`], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}

describe('DynamoDB Local under the local cloud', () => {
  it('is reported when it dies, the API answers 503 meanwhile, and it comes back on the same data', async () => {
    const lines: string[] = [];
    cloud = await startLocalCloud({
      port: 0,
      https: false,
      web: 'none',
      stripe: false,
      bedrock: false,
      dataDir,
      log: (line) => lines.push(line),
    });
    const user = await signIn(cloud, { email: 'restart@example.com', name: 'Restart Person' });
    const client = api(cloud, user.idToken);
    expect((await client.get('/api/me')).status).toBe(200);
    const table = localDynamoClient(cloud.dynamodbEndpoint);
    const key = { pk: { S: 'TEST#restart' }, sk: { S: 'KEPT' } };
    await table.send(new PutItemCommand({ TableName: cloud.tableName, Item: key }));

    const [java] = dynamoDbLocalOn(cloud.dynamodbEndpoint);
    process.kill(Number(java), 'SIGKILL');
    const during = await client.get<{ error: { code: string } }>('/api/me');
    expect([during.status, during.body.error.code, during.headers.get('retry-after')]).toEqual([
      503,
      'service_unavailable',
      '2',
    ]);

    await expect
      .poll(() => lines.some((line) => line.includes('DynamoDB Local is back')), {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(true);
    expect(lines.some((line) => line.includes('DynamoDB Local stopped unexpectedly'))).toBe(true);
    expect(dynamoDbLocalOn(cloud.dynamodbEndpoint)).toHaveLength(1);
    expect((await client.get('/api/me')).status).toBe(200);
    const item = await table.send(new GetItemCommand({ TableName: cloud.tableName, Key: key }));
    expect(item.Item?.sk?.S).toBe('KEPT');
  }, 180_000);
});
