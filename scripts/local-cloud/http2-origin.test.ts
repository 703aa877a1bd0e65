import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { type ClientHttp2Session, connect } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from './cloud';
import { testDynamoDbEndpoint } from './testing/provided';

/**
 * The https origin speaks HTTP/2 as CloudFront does for the site (infra/lib/web.ts), and HTTP/1.1 to a client
 * that asks for nothing else; what reaches the app and the functions is the same either way.
 */
let cloud: LocalCloud;
let dataDir: string;
let ca: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bloom-http2-'));
  cloud = await startLocalCloud({
    port: 0,
    https: true,
    web: 'dist',
    stripe: false,
    bedrock: false,
    dataDir,
    dynamodbEndpoint: testDynamoDbEndpoint(),
    tableName: `bloom-test-http2-${Date.now()}`,
  });
  ca = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
});
afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(session: ClientHttp2Session, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    let body = '';
    let answer: Omit<Answer, 'body'> | undefined;
    stream.setEncoding('utf8');
    stream.on('response', (received) => {
      answer = { status: Number(received[':status']), headers: received };
    });
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => (answer ? resolve({ ...answer, body }) : reject(new Error('no response'))));
    stream.on('error', reject);
  });
}

/** A plain HTTP/1.1 GET over TLS (its own connection: the global agent's pooled TLS state is not this CA's). */
function http1Status(url: string) {
  return new Promise<{ status: number; protocol: string }>((resolve, reject) => {
    const req = request(url, { ca, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, protocol: res.httpVersion }));
    });
    req.on('error', reject);
    req.end();
  });
}

function http2Session(origin: string): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { ca, servername: 'localhost' }, () => resolve(session));
    session.once('error', reject);
  });
}

describe('the https origin', () => {
  it('answers HTTP/2: the config, the API through the gateway, emulator paths', async () => {
    const session = await http2Session(cloud.url);
    try {
      const config = await get(session, '/config.json');
      expect(config.status).toBe(200);
      expect(JSON.parse(config.body)).toMatchObject({ region: cloud.region });
      // The gateway's event is built from HTTP/2's headers (no pseudo-header reaches a function); no token, 401.
      expect((await get(session, '/api/me')).status).toBe(401);
      expect((await get(session, '/cognito/nothing')).status).toBe(404);
    } finally {
      session.close();
    }
  });

  it("reads the host from HTTP/2's :authority: another name for the machine moves to localhost", async () => {
    const port = new URL(cloud.url).port;
    const session = await http2Session(`https://127.0.0.1:${port}`);
    try {
      // Named explicitly: Node's client would derive it from the certificate's name it checks (`servername`).
      const moved = await get(session, '/weekly?x=1', { ':authority': `127.0.0.1:${port}` });
      expect(moved.status).toBe(302);
      expect(moved.headers.location).toBe(`${cloud.url}/weekly?x=1`);
      const stays = await get(session, '/weekly', { ':authority': `localhost:${port}` });
      expect(stays.status).not.toBe(302);
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1, and stops with an HTTP/2 connection open', async () => {
    expect(await http1Status(`${cloud.url}/config.json`)).toEqual({ status: 200, protocol: '1.1' });
    const session = await http2Session(cloud.url);
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    expect((await get(session, '/config.json')).status).toBe(200);
    await cloud.stop();
    await closed;
  });
});
