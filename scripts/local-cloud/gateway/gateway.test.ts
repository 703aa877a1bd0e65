import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiGateway, type LambdaHandler, moduleHandlerLoader } from './gateway';
import { FIXTURE_HANDLERS_DIR, FIXTURE_ROUTES, fixtureThrottleOf } from './test-fixtures/routes';

// biome-ignore lint/suspicious/noExplicitAny: events and responses are read field by field.
type Json = any;

/**
 * The gateway on its own, in front of fixture handlers, with an issuer whose keys the test holds: so every
 * way a token can be wrong can be made.
 */
const ISSUER = 'https://issuer.test/pool';
const AUDIENCE = 'client-a';
const KID = 'key-1';

let server: Server;
let url: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
const invoked: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const fixtures = moduleHandlerLoader(FIXTURE_HANDLERS_DIR);
  const gateway = createApiGateway({
    routes: FIXTURE_ROUTES,
    region: 'eu-west-1',
    throttleOf: fixtureThrottleOf,
    authorizer: { issuer: ISSUER, audience: [AUDIENCE], keySet: createLocalJWKSet({ keys: [jwk] }) },
    loadHandler: async (name): Promise<LambdaHandler> => {
      const handler = await fixtures(name);
      return (event, context) => {
        invoked.push(name);
        return handler(event, context);
      };
    },
  });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  invoked.length = 0;
});

const now = () => Math.floor(Date.now() / 1000);

function token(
  claims: JWTPayload,
  options: { key?: CryptoKey; kid?: string; alg?: string; omit?: string[] } = {},
): Promise<string> {
  const payload: JWTPayload = {
    sub: 'user-1',
    iss: ISSUER,
    aud: AUDIENCE,
    token_use: 'id',
    iat: now(),
    exp: now() + 600,
    ...claims,
  };
  for (const name of options.omit ?? []) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? KID })
    .sign(options.key ?? signingKey);
}

async function echo(authorization?: string) {
  const response = await fetch(`${url}/api/echo/one/items/two`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Json,
  };
}

describe('JWT authorizer', () => {
  it('lets an id token (aud) through, with or without "Bearer ", claims as strings', async () => {
    const idToken = await token({
      email: 'a@example.com',
      email_verified: true,
      'cognito:groups': ['g1', 'g2'],
    });
    for (const header of [`Bearer ${idToken}`, idToken]) {
      const { status, body } = await echo(header);
      expect(status).toBe(200);
      expect(body.event.requestContext.authorizer).toEqual({
        jwt: {
          claims: {
            sub: 'user-1',
            iss: ISSUER,
            aud: AUDIENCE,
            token_use: 'id',
            iat: expect.stringMatching(/^\d+$/),
            exp: expect.stringMatching(/^\d+$/),
            email: 'a@example.com',
            email_verified: 'true',
            'cognito:groups': '[g1 g2]',
          },
          scopes: null,
        },
      });
    }
  });

  it('lets an access token through on client_id when it has no aud', async () => {
    const accessToken = await token(
      { token_use: 'access', client_id: AUDIENCE, scope: 'openid' },
      { omit: ['aud'] },
    );
    const { status, body } = await echo(`Bearer ${accessToken}`);
    expect(status).toBe(200);
    expect(body.event.requestContext.authorizer.jwt.claims.client_id).toBe(AUDIENCE);
  });

  const refusals: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['an empty bearer', async () => 'Bearer '],
    ['a token that is not a JWT', async () => 'Bearer not.a.jwt'],
    ['an expired token', () => token({ exp: now() - 1 })],
    ['a token expiring this very second', () => token({ exp: now() })],
    ['a token not valid yet (nbf)', () => token({ nbf: now() + 60 })],
    ['a token issued in the future (iat)', () => token({ iat: now() + 60 })],
    ['a token without exp', () => token({}, { omit: ['exp'] })],
    ['a forged signature (another key, same kid)', () => token({}, { key: otherKey })],
    ['an unknown kid', () => token({}, { kid: 'key-2' })],
    ['a wrong issuer', () => token({ iss: 'https://issuer.test/other-pool' })],
    ['a wrong audience', () => token({ aud: 'client-b' })],
    [
      'a wrong aud even with the right client_id (aud wins)',
      () => token({ aud: 'client-b', client_id: AUDIENCE }),
    ],
    ['a wrong client_id', () => token({ client_id: 'client-b' }, { omit: ['aud'] })],
    ['neither aud nor client_id', () => token({}, { omit: ['aud'] })],
    [
      'an HMAC token',
      () =>
        new SignJWT({ sub: 'user-1', iss: ISSUER, aud: AUDIENCE, exp: now() + 600 })
          .setProtectedHeader({ alg: 'HS256', kid: KID })
          .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough')),
    ],
  ];

  it.each(refusals)('answers 401 without calling the handler for %s', async (_, make) => {
    const authorization = await make();
    const { status, headers, body } = await echo(authorization === undefined ? undefined : authorization);
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthorized' });
    expect(headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(invoked).toEqual([]);
  });

  it('lets auth "none" routes through without any token and without an authorizer in the event', async () => {
    const response = await fetch(`${url}/api/public/echo`, { method: 'POST' });
    expect(response.status).toBe(200);
    const { event } = (await response.json()) as { event: Json };
    expect(event.requestContext.authorizer).toBeUndefined();
    expect(invoked).toEqual(['echo']);
  });
});

describe('payload format 2.0 event', () => {
  it('has the route, decoded path parameters, query, headers, cookies and request context', async () => {
    const idToken = await token({});
    const response = await fetch(
      `${url}/api/echo/caf%C3%A9%20au%20lait/items/42?tag=a&tag=b&q=x%20y&empty=`,
      {
        headers: [
          ['Authorization', `Bearer ${idToken}`],
          ['X-Custom', 'One'],
          ['Cookie', 'session=abc; theme=dark'],
          ['User-Agent', 'bloom-test'],
        ],
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('apigw-requestid')).toBeTruthy();
    const { event, context } = (await response.json()) as {
      event: Json;
      context: Json;
    };
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/echo/{first}/items/{second}',
      rawPath: '/api/echo/caf%C3%A9%20au%20lait/items/42',
      rawQueryString: 'tag=a&tag=b&q=x%20y&empty=',
      cookies: ['session=abc', 'theme=dark'],
      queryStringParameters: { tag: 'a,b', q: 'x y', empty: '' },
      pathParameters: { first: 'café au lait', second: '42' },
      isBase64Encoded: false,
    });
    expect(event.body).toBeUndefined();
    expect(event.headers).toMatchObject({
      authorization: `Bearer ${idToken}`,
      'x-custom': 'One',
      'user-agent': 'bloom-test',
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(event.headers.cookie).toBeUndefined();
    for (const name of Object.keys(event.headers)) expect(name).toBe(name.toLowerCase());
    expect(event.requestContext).toMatchObject({
      accountId: expect.stringMatching(/^\d{12}$/),
      apiId: expect.any(String),
      domainName: new URL(url).host,
      domainPrefix: '127',
      http: {
        method: 'GET',
        path: '/api/echo/caf%C3%A9%20au%20lait/items/42',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bloom-test',
      },
      requestId: response.headers.get('apigw-requestid'),
      routeKey: 'GET /api/echo/{first}/items/{second}',
      stage: '$default',
      time: expect.stringMatching(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/),
      timeEpoch: expect.any(Number),
    });
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(5000);
    expect(context).toMatchObject({ functionName: 'bloom-local-echo', memoryLimitInMB: '256' });
    expect(context.remainingMs).toBeGreaterThan(1000);
    expect(context.remainingMs).toBeLessThanOrEqual(2000);
  });

  it('joins repeated headers with commas', async () => {
    const authorization = await token({});
    const body = await new Promise<string>((resolve, reject) => {
      get(
        `${url}/api/echo/a/items/b`,
        { headers: { authorization, 'x-repeated': ['one', 'two'] } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve(text));
        },
      ).on('error', reject);
    });
    expect(JSON.parse(body).event.headers['x-repeated']).toBe('one,two');
  });

  it('passes JSON bodies as text and binary bodies base64-encoded', async () => {
    const idToken = await token({});
    const json = await fetch(`${url}/api/echo`, {
      method: 'POST',
      headers: { authorization: idToken, 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"Tea ☕"}',
    });
    const jsonEvent = ((await json.json()) as { event: Json }).event;
    expect(jsonEvent).toMatchObject({
      body: '{"name":"Tea ☕"}',
      isBase64Encoded: false,
      routeKey: 'POST /api/echo',
    });
    expect(jsonEvent.queryStringParameters).toBeUndefined();
    expect(jsonEvent.pathParameters).toBeUndefined();
    expect(jsonEvent.cookies).toBeUndefined();

    const binary = await fetch(`${url}/api/echo`, {
      method: 'POST',
      headers: { authorization: idToken, 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255]),
    });
    const binaryEvent = ((await binary.json()) as { event: Json }).event;
    expect(binaryEvent).toMatchObject({
      body: Buffer.from([0, 1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    });
  });

  it('prefers a literal route over a parameterised one', async () => {
    const response = await fetch(`${url}/api/echo/fixed/items/literal`, {
      headers: { authorization: await token({}) },
    });
    expect(await response.json()).toEqual({ route: 'literal' });
  });
});

describe('responses', () => {
  it('sends a result without statusCode as a 200 JSON body', async () => {
    const response = await fetch(`${url}/api/bare`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ hello: 'world', count: 2 });
  });

  it('maps a structured result: status, headers, cookies and a base64 body', async () => {
    const response = await fetch(`${url}/api/structured`);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.text()).toBe('created');
  });

  it("answers API Gateway's bare 500 when a handler throws, without its details", async () => {
    const response = await fetch(`${url}/api/throws`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal Server Error' });
    expect(text).not.toContain('secret');
  });

  it('answers 500 when a handler outlives its timeout', async () => {
    const started = Date.now();
    const response = await fetch(`${url}/api/slow`);
    expect(response.status).toBe(500);
    expect(Date.now() - started).toBeLessThan(1450);
  });

  it('answers 404 {"message":"Not Found"} for unknown paths and for known paths with another method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/bare'],
      ['GET', '/api/echo/one/items'],
    ] as const) {
      const response = await fetch(`${url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
    expect(invoked).toEqual([]);
  });

  it('answers 429 {"message":"Too Many Requests"} over the route\'s burst, without running the function', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${url}/api/throttled`).then((response) => response.status)),
    );
    expect(statuses.sort()).toEqual([200, 200, 429, 429]);
    const refused = await fetch(`${url}/api/throttled`);
    if (refused.status === 429) expect(await refused.json()).toEqual({ message: 'Too Many Requests' });
    expect(invoked.filter((name) => name === 'bare').length).toBeLessThanOrEqual(3);
    // Other routes keep their own buckets.
    expect((await fetch(`${url}/api/bare`)).status).toBe(200);
  });
});
