import { adjustableClock } from '@bloom/scripts/local-cloud/clock';
import { api } from '@bloom/scripts/local-cloud/testing/index';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud } from './support/planner-cloud';

/** Cognito's and API Gateway's time: moved on to see a token expire, never waited for. */
const clock = adjustableClock();
let cloud: PlannerCloud;
beforeAll(async () => {
  cloud = await startPlannerCloud({ clock });
});
afterAll(() => cloud?.stop());

const week = () => addWeeks(weekStartOf(todayIn('UTC', new Date())), -1);

describe('errors', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const user = await cloud.newUser();
    const response = await user.call('POST', `/api/weeks/${week()}/days/0/activities`, '{"slot": "Morning",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'invalid_json', message: ERRORS.invalid_json.message } });
  });

  it('answers a body that is not an object, or missing, with 400', async () => {
    const user = await cloud.newUser();
    for (const body of ['[]', '"Morning"', '42']) {
      const response = await user.call('PUT', '/api/me', body);
      expect(response.status, body).toBe(400);
    }
    expect((await user.call('PUT', '/api/me')).status).toBe(400);
  });

  it('answers a body over 16 KB with 413 and stores nothing', async () => {
    const user = await cloud.newUser();
    const response = await user.call('POST', '/api/activities', {
      name: 'x'.repeat(17 * 1024),
      duration: 5,
      category: 'Mental',
      icon: '🌸',
      weekStart: week(),
      day: 0,
      slot: 'Morning',
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({
      code: 'payload_too_large',
      message: ERRORS.payload_too_large.message,
    });
  });

  it('answers a failure it did not expect with a 500 and the catalogue message, never a stack', async () => {
    const user = await cloud.newUser();
    const tableName = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'a-table-that-does-not-exist';
    try {
      const response = await user.call('GET', '/api/me');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        error: { code: 'internal', message: 'An unexpected error occurred. Please try again.' },
      });
    } finally {
      process.env.TABLE_NAME = tableName;
    }
  });

  it('answers an unknown route like API Gateway', async () => {
    const user = await cloud.newUser();
    expect((await user.call('GET', '/api/nothing-here')).status).toBe(404);
  });
});

describe('authorization', () => {
  it('refuses a request without a token', async () => {
    const response = await api(cloud.cloud).get(`/api/weeks/${week()}`);
    expect(response.status).toBe(401);
  });

  it('accepts the access token as well as the id token', async () => {
    const user = await cloud.newUser();
    const response = await api(cloud.cloud, user.accessToken).get('/api/activities');
    expect(response.status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await cloud.newUser();
    expect((await user.call('GET', '/api/me')).status).toBe(200);
    const { exp = 0 } = decodeJwt(user.idToken);
    clock.advance(exp - Math.floor(clock.now() / 1000) - 30);
    try {
      expect((await user.call('GET', '/api/me')).status).toBe(200); // half a minute left
      clock.advance(30); // API Gateway allows no leeway: at `exp` it is expired
      expect((await user.call('GET', '/api/me')).status).toBe(401);
    } finally {
      clock.reset();
    }
  });

  it('refuses a token with the right claims signed by another key', async () => {
    const user = await cloud.newUser();
    const claims = decodeJwt(user.idToken);
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const { kid } = JSON.parse(Buffer.from(user.idToken.split('.')[0] ?? '', 'base64url').toString());
    await exportJWK(publicKey);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    expect((await api(cloud.cloud, forged).get('/api/me')).status).toBe(401);
  });

  it('refuses a token whose payload was edited to impersonate someone', async () => {
    const victim = await cloud.newUser();
    const attacker = await cloud.newUser();
    const [header, payload, signature] = attacker.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: victim.sub })).toString('base64url');
    expect((await api(cloud.cloud, `${header}.${edited}.${signature}`).get('/api/me')).status).toBe(401);
  });

  it('refuses garbage', async () => {
    expect((await api(cloud.cloud, 'not-a-jwt').get('/api/me')).status).toBe(401);
  });
});
