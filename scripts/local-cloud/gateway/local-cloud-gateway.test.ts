import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../testing/api';
import { signIn } from '../testing/sign-in';
import { startTestCloud, type TestCloud } from '../testing/test-cloud';
import { moduleHandlerLoader } from './gateway';
import { FIXTURE_HANDLERS_DIR, FIXTURE_ROUTES } from './test-fixtures/routes';

// biome-ignore lint/suspicious/noExplicitAny: events and responses are read field by field.
type Json = any;

/** The gateway inside the local cloud, trusting the Cognito emulator's tokens and nobody else's. */
let cloud: TestCloud;
let otherCloud: TestCloud;
beforeAll(async () => {
  const options = { routes: FIXTURE_ROUTES, loadHandler: moduleHandlerLoader(FIXTURE_HANDLERS_DIR) };
  [cloud, otherCloud] = await Promise.all([startTestCloud(options), startTestCloud(options)]);
});
afterAll(() => Promise.all([cloud?.stop(), otherCloud?.stop()]));
afterEach(() => {
  vi.useRealTimers();
});

describe('local cloud /api', () => {
  it("accepts the emulator's id and access tokens and hands the handler the user's claims", async () => {
    const user = await signIn(cloud, { email: 'claims@example.com', name: 'Claims Person' });
    for (const token of [user.idToken, user.accessToken]) {
      const response = await api(cloud, token).get<{ event: Json }>('/api/echo/a/items/b');
      expect(response.status).toBe(200);
      const { claims } = response.body.event.requestContext.authorizer.jwt;
      expect(claims.sub).toBe(user.sub);
      expect(claims.iss).toBe(cloud.issuer);
      expect(claims.exp).toMatch(/^\d+$/);
    }
    const id = (await api(cloud, user.idToken).get<{ event: Json }>('/api/echo/a/items/b')).body.event;
    expect(id.requestContext.authorizer.jwt.claims).toMatchObject({
      email: 'claims@example.com',
      name: 'Claims Person',
      email_verified: 'true',
      token_use: 'id',
    });
  });

  it('refuses tokens of another user pool (other key and issuer) and expired tokens', async () => {
    const stranger = await signIn(otherCloud, { email: 'stranger@example.com', name: 'Stranger' });
    expect((await api(cloud, stranger.idToken).get('/api/echo/a/items/b')).status).toBe(401);

    const user = await signIn(cloud, { email: 'expiring@example.com', name: 'Expiring' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600 * 1000 });
    const expired = await api(cloud, user.idToken).get('/api/echo/a/items/b');
    expect(expired).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers 404 for routes that do not exist', async () => {
    const response = await api(cloud).get('/api/nope');
    expect(response).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  it('serves the web config the app configures Amplify from', async () => {
    const response = await api(cloud).get('/config.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      region: 'eu-west-1',
      userPoolId: cloud.userPoolId,
      userPoolClientId: cloud.clientId,
      oauthDomain: `${new URL(cloud.url).host}/cognito`,
      userPoolEndpoint: `${cloud.url}/cognito-idp`,
      redirectSignIn: `${cloud.url}/`,
      redirectSignOut: `${cloud.url}/`,
      // The local push service's VAPID key, which the service worker subscribes with.
      vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    });
  });
});
