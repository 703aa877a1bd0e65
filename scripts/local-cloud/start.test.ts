import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './cloud';
import { localDynamoClient } from './dynamodb';
import { freePort } from './free-port';
import { authorizeUrl, pkcePair, signIn } from './testing/sign-in';
import { trustingFetch } from './testing/trusting-fetch';

/**
 * `npm start` as a developer runs it: a child process on a free PORT with its own DATA_DIR, stopped the way a
 * terminal's Ctrl-C stops it (SIGINT to the whole process group) or a process manager does (SIGTERM).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bloom-start-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) {
    if (child.pid && processGroup(child.pid).length) process.kill(-child.pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  dynamodbEndpoint: string;
  secondsToUrl: number;
  output: () => string;
}

async function npmStart(port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'HOST', 'TOKEN_LIFETIME_SECONDS']) delete env[name];
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: REPOSITORY_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // The promise: the URL is printed within 30 seconds.
  const deadline = started + 30_000;
  for (;;) {
    const url = /Bloom is running at (https:\/\/localhost:\d+)/.exec(output)?.[1];
    const dynamodb = /on (http:\/\/127\.0\.0\.1:\d+), DynamoDB Local/.exec(output)?.[1];
    if (url && dynamodb) {
      return {
        child,
        url,
        dynamodbEndpoint: dynamodb,
        secondsToUrl: (Date.now() - started) / 1000,
        output: () => output,
      };
    }
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start printed no URL within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every process still alive in the group `npm start` ran in (npm, tsx, node, java). */
function processGroup(pgid: number): string[] {
  try {
    return execFileSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}

/** Waits until the whole process group is gone, and says what was left if it is not within 15 s. */
async function allStopped(started: Started): Promise<void> {
  const pgid = started.child.pid as number;
  const deadline = Date.now() + 15_000;
  while (processGroup(pgid).length) {
    if (Date.now() > deadline)
      throw new Error(`Still running: ${processGroup(pgid).join(', ')}\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** DynamoDB Local processes (java) serving a port. */
function dynamoDbLocalOn(endpoint: string): string[] {
  const port = new URL(endpoint).port;
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*-port ${port}( |$)`], { encoding: 'utf8' })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}

describe('npm start', () => {
  it('serves Bloom over https, stops every child on Ctrl-C or SIGTERM, and keeps its data across restarts', async () => {
    const port = await freePort();
    const first = await npmStart(port);
    console.log(`npm start printed its URL after ${first.secondsToUrl.toFixed(1)} s`);
    expect(first.url).toBe(`https://localhost:${port}`);
    expect(dynamoDbLocalOn(first.dynamodbEndpoint)).toHaveLength(1);

    const fetch = trustingFetch(readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8'));
    const config = await fetch(`${first.url}/config.json`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({
      oauthDomain: `localhost:${port}/cognito`,
      userPoolEndpoint: `${first.url}/cognito-idp`,
      redirectSignIn: `${first.url}/`,
    });
    const clientId = (
      (await (await fetch(`${first.url}/config.json`)).json()) as { userPoolClientId: string }
    ).userPoolClientId;
    const cloud = { url: first.url, clientId };
    const user = await signIn(cloud, { email: 'persisted@example.com', name: 'Persisted Person' }, fetch);
    await localDynamoClient(first.dynamodbEndpoint).send(
      new PutItemCommand({
        TableName: 'bloom-local',
        Item: { pk: { S: 'TEST#start' }, sk: { S: 'PERSISTED' } },
      }),
    );

    // Ctrl-C in a terminal: SIGINT to the whole foreground process group.
    process.kill(-(first.child.pid as number), 'SIGINT');
    await allStopped(first);
    expect(first.output()).toContain('Stopped.');
    expect(dynamoDbLocalOn(first.dynamodbEndpoint)).toEqual([]);

    const second = await npmStart(port);
    const item = await localDynamoClient(second.dynamodbEndpoint).send(
      new GetItemCommand({
        TableName: 'bloom-local',
        Key: { pk: { S: 'TEST#start' }, sk: { S: 'PERSISTED' } },
      }),
    );
    expect(item.Item?.sk?.S).toBe('PERSISTED');
    // The session survives too: same signing key, same refresh token, same remembered account.
    const refreshed = await fetch(`${second.url}/cognito-idp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: clientId, RefreshToken: user.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const page = await (
      await fetch(authorizeUrl(cloud, { challenge: pkcePair().challenge, state: 's' }))
    ).text();
    expect(page).toContain('persisted@example.com');

    // A process manager: SIGTERM to npm alone.
    second.child.kill('SIGTERM');
    await allStopped(second);
    expect(second.output()).toContain('Stopped.');
    expect(dynamoDbLocalOn(second.dynamodbEndpoint)).toEqual([]);
  }, 120_000);

  it('says so when DynamoDB Local dies, answers 503 meanwhile, and restarts it on the same data', async () => {
    const port = await freePort();
    const started = await npmStart(port);
    const fetch = trustingFetch(readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8'));
    const { userPoolClientId } = (await (await fetch(`${started.url}/config.json`)).json()) as {
      userPoolClientId: string;
    };
    const user = await signIn(
      { url: started.url, clientId: userPoolClientId },
      { email: 'outage@example.com', name: 'Outage Person' },
      fetch,
    );
    const me = () => fetch(`${started.url}/api/me`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect((await me()).status).toBe(200);
    await localDynamoClient(started.dynamodbEndpoint).send(
      new PutItemCommand({ TableName: 'bloom-local', Item: { pk: { S: 'TEST#outage' }, sk: { S: 'KEPT' } } }),
    );

    const [java] = dynamoDbLocalOn(started.dynamodbEndpoint);
    process.kill(Number(java), 'SIGKILL');
    const during = await me();
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('2');
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');

    const deadline = Date.now() + 60_000;
    while (!started.output().includes('DynamoDB Local is back')) {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local was not restarted:\n${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(started.output()).toContain('DynamoDB Local stopped unexpectedly');
    expect(dynamoDbLocalOn(started.dynamodbEndpoint)).toHaveLength(1);
    expect((await me()).status).toBe(200);
    const item = await localDynamoClient(started.dynamodbEndpoint).send(
      new GetItemCommand({ TableName: 'bloom-local', Key: { pk: { S: 'TEST#outage' }, sk: { S: 'KEPT' } } }),
    );
    expect(item.Item?.sk?.S).toBe('KEPT');

    started.child.kill('SIGTERM');
    await allStopped(started);
    expect(dynamoDbLocalOn(started.dynamodbEndpoint)).toEqual([]);
  }, 120_000);
});
