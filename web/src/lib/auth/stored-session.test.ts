import { afterEach, describe, expect, it } from 'vitest';
import { sessionToRefresh, storedSession } from './stored-session';

const CLIENT = 'CognitoIdentityServiceProvider.client123';
const NOW = Date.parse('2026-11-25T08:00:00Z');

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

function store(options: { idExp: number; accessExp: number; clockDrift?: number; refreshToken?: string }) {
  localStorage.setItem(`${CLIENT}.LastAuthUser`, 'google_1');
  localStorage.setItem(
    `${CLIENT}.google_1.idToken`,
    token({ sub: 'user-1', email: 'maya@example.com', name: 'Maya Rivers', exp: options.idExp }),
  );
  localStorage.setItem(`${CLIENT}.google_1.accessToken`, token({ sub: 'user-1', exp: options.accessExp }));
  localStorage.setItem(`${CLIENT}.google_1.clockDrift`, String(options.clockDrift ?? 0));
  if (options.refreshToken) localStorage.setItem(`${CLIENT}.google_1.refreshToken`, options.refreshToken);
}

afterEach(() => localStorage.clear());

describe('storedSession', () => {
  it('reads who she is from the stored ID token while both tokens are unexpired', () => {
    store({ idExp: NOW / 1000 + 600, accessExp: NOW / 1000 + 600 });
    const session = storedSession(NOW);
    expect(session?.user).toEqual({
      id: 'user-1',
      email: 'maya@example.com',
      name: 'Maya Rivers',
      avatarUrl: null,
    });
    expect(session?.idToken).toBe(localStorage.getItem(`${CLIENT}.google_1.idToken`));
  });

  it("is none once either token is expired by Amplify's rule (clock drift, 5 s tolerance)", () => {
    store({ idExp: NOW / 1000 + 4, accessExp: NOW / 1000 + 600 });
    expect(storedSession(NOW)).toBeNull();
    store({ idExp: NOW / 1000 + 600, accessExp: NOW / 1000 - 1 });
    expect(storedSession(NOW)).toBeNull();
    store({ idExp: NOW / 1000 + 600, accessExp: NOW / 1000 + 600, clockDrift: 600_000 });
    expect(storedSession(NOW)).toBeNull();
  });

  it('is none without a session, or with sessions of two clients', () => {
    expect(storedSession(NOW)).toBeNull();
    store({ idExp: NOW / 1000 + 600, accessExp: NOW / 1000 + 600 });
    localStorage.setItem('CognitoIdentityServiceProvider.other.LastAuthUser', 'someone');
    expect(storedSession(NOW)).toBeNull();
  });
});

describe('sessionToRefresh', () => {
  it('is who she is when her tokens have expired and a refresh token is stored', () => {
    store({ idExp: NOW / 1000 - 3600, accessExp: NOW / 1000 - 3600, refreshToken: 'refresh-1' });
    expect(storedSession(NOW)).toBeNull();
    expect(sessionToRefresh(NOW)?.user.id).toBe('user-1');
  });

  it('is none while the session is usable as it is, or when nothing can refresh it', () => {
    store({ idExp: NOW / 1000 + 600, accessExp: NOW / 1000 + 600, refreshToken: 'refresh-1' });
    expect(sessionToRefresh(NOW)).toBeNull();
    localStorage.clear();
    store({ idExp: NOW / 1000 - 3600, accessExp: NOW / 1000 - 3600 });
    expect(sessionToRefresh(NOW)).toBeNull();
    localStorage.clear();
    expect(sessionToRefresh(NOW)).toBeNull();
  });
});
