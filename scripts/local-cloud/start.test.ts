import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
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
  /** How long it took to be ready by its own clock, as it prints it. */
  readySeconds: number;
  /** From spawning `npm` to its ready line (npm and tsx starting included). */
  secondsFromSpawn: number;
  output: () => string;
  /** Resolves once the output matches, fails if `npm start` exits first or after `capMs`. */
  printed: (pattern: RegExp, capMs: number) => Promise<RegExpExecArray>;
}

/**
 * Caps for a busy machine (several test runs on 2 cores): tsx, Vite and DynamoDB Local's JVM can take minutes to
 * start there. The test waits on what the process prints, so a quick start is never held up; a stuck one fails.
 */
const READY_CAP_MS = 180_000;
const STOP_CAP_MS = 60_000;
/** Two starts and two stops at most. */
const TEST_CAP_MS = 2 * (READY_CAP_MS + STOP_CAP_MS);

async function npmStart(port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'HOST', 'TOKEN_LIFETIME_SECONDS']) delete env[name];
  const spawnedAt = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: REPOSITORY_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const changed = new EventEmitter();
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      output += chunk;
      changed.emit('output');
    });
  }
  child.once('exit', () => changed.emit('exit'));
  const printed = (pattern: RegExp, capMs: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(output);
        if (found) done(() => resolve(found));
        else if (child.exitCode !== null || child.signalCode !== null)
          done(() =>
            reject(new Error(`npm start exited (${child.exitCode ?? child.signalCode}):\n${output}`)),
          );
      };
      const cap = setTimeout(
        () =>
          done(() =>
            reject(new Error(`npm start printed no ${pattern} within ${capMs / 1000} s:\n${output}`)),
          ),
        capMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(cap);
        changed.off('output', check).off('exit', check);
        settle();
      };
      changed.on('output', check).on('exit', check);
      check();
    });
  // Its ready line, then the banner's last line (the DynamoDB endpoint): the banner is printed at once.
  const ready = await printed(
    /Bloom is running at (https:\/\/localhost:\d+) {2}\(ready in ([\d.]+) s\)/,
    READY_CAP_MS,
  );
  const dynamodb = await printed(/on (http:\/\/127\.0\.0\.1:\d+), DynamoDB Local/, READY_CAP_MS);
  return {
    child,
    url: ready[1] as string,
    dynamodbEndpoint: dynamodb[1] as string,
    readySeconds: Number(ready[2]),
    secondsFromSpawn: (Date.now() - spawnedAt) / 1000,
    output: () => output,
    printed,
  };
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

/** Waits until the whole process group is gone, and says what was left if it is not within the cap. */
async function allStopped(started: Started): Promise<void> {
  const pgid = started.child.pid as number;
  const deadline = Date.now() + STOP_CAP_MS;
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

describe('npm start', { timeout: TEST_CAP_MS }, () => {
  it('serves Bloom over https, stops every child on Ctrl-C or SIGTERM, and keeps its data across restarts', async () => {
    const port = await freePort();
    const first = await npmStart(port);
    const afterSpawn = first.secondsFromSpawn.toFixed(1);
    console.log(
      `npm start was ready in ${first.readySeconds} s by its own clock, ${afterSpawn} s after spawn`,
    );
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
  });

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
      new PutItemCommand({
        TableName: 'bloom-local',
        Item: { pk: { S: 'TEST#outage' }, sk: { S: 'KEPT' } },
      }),
    );

    const [java] = dynamoDbLocalOn(started.dynamodbEndpoint);
    process.kill(Number(java), 'SIGKILL');
    const during = await me();
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('2');
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');

    await started.printed(/DynamoDB Local is back/, READY_CAP_MS);
    expect(started.output()).toContain('DynamoDB Local stopped unexpectedly');
    expect(dynamoDbLocalOn(started.dynamodbEndpoint)).toHaveLength(1);
    expect((await me()).status).toBe(200);
    const item = await localDynamoClient(started.dynamodbEndpoint).send(
      new GetItemCommand({
        TableName: 'bloom-local',
        Key: { pk: { S: 'TEST#outage' }, sk: { S: 'KEPT' } },
      }),
    );
    expect(item.Item?.sk?.S).toBe('KEPT');

    started.child.kill('SIGTERM');
    await allStopped(started);
    expect(dynamoDbLocalOn(started.dynamodbEndpoint)).toEqual([]);
  });
});
