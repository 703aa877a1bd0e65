import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from './cloud';
import { testDynamoDbEndpoint } from './testing/provided';

let cloud: LocalCloud;
beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    https: false,
    web: 'dist',
    stripe: false,
    bedrock: false,
    dynamodbEndpoint: testDynamoDbEndpoint(),
    tableName: `bloom-test-cloud-${Date.now()}`,
  });
});
afterAll(() => cloud?.stop());

describe('one origin', () => {
  it('moves pages opened on 127.0.0.1 to localhost, where sign-in comes back to', async () => {
    const port = new URL(cloud.url).port;
    const response = await fetch(`http://127.0.0.1:${port}/weekly?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${cloud.url}/weekly?x=1`);
  });

  it('answers the API and the config on any host name', async () => {
    const port = new URL(cloud.url).port;
    expect((await fetch(`http://127.0.0.1:${port}/config.json`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/me`, { redirect: 'manual' })).status).toBe(401);
  });

  it('keeps unknown emulator paths from falling through to the app', async () => {
    expect((await fetch(`${cloud.url}/cognito/nothing`)).status).toBe(404);
    expect((await fetch(`${cloud.url}/cognito-idp/eu-west-1_Other/.well-known/jwks.json`)).status).toBe(404);
  });
});
