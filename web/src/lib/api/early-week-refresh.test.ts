import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserWeekStart, forgetEarlyWeek, startEarlyWeek, takeEarlyWeek } from './early-week';

// Amplify's session module, as the early read loads it: its refresh answers with a new ID token.
const refresh = vi.hoisted(() => ({ idToken: vi.fn<() => Promise<string | null>>() }));
vi.mock('../auth/amplify-session', () => refresh);

const CLIENT = 'CognitoIdentityServiceProvider.client123';

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** Amplify's stored session for user-1, expired an hour ago, with its refresh token. */
function storeExpiredSession() {
  const exp = Math.floor(Date.now() / 1000) - 3600;
  localStorage.setItem(`${CLIENT}.LastAuthUser`, 'google_1');
  localStorage.setItem(
    `${CLIENT}.google_1.idToken`,
    token({ sub: 'user-1', email: 'maya@example.com', exp }),
  );
  localStorage.setItem(`${CLIENT}.google_1.accessToken`, token({ sub: 'user-1', exp }));
  localStorage.setItem(`${CLIENT}.google_1.refreshToken`, 'refresh-1');
}

const fetchWeek = vi.fn<typeof fetch>();

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('fetch', fetchWeek);
  fetchWeek.mockResolvedValue(new Response(JSON.stringify({ weekStart: 'w', days: [] }), { status: 200 }));
});

afterEach(() => {
  forgetEarlyWeek();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('startEarlyWeek with expired stored tokens', () => {
  it('has Amplify refresh them, then asks for her week with the new ID token', async () => {
    storeExpiredSession();
    refresh.idToken.mockResolvedValue('refreshed-id-token');
    expect(startEarlyWeek('de')).toBe(true);
    // Not with the expired token: the week waits for the refresh.
    expect(fetchWeek).not.toHaveBeenCalled();
    const early = takeEarlyWeek('user-1', browserWeekStart());
    expect(await early).toEqual({ weekStart: 'w', days: [] });
    expect(refresh.idToken).toHaveBeenCalledOnce();
    const [, init] = fetchWeek.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer refreshed-id-token');
    expect(new Headers(init?.headers).get('accept-language')).toBe('de');
  });

  it('hands the planner nothing when the refresh finds no session', async () => {
    storeExpiredSession();
    refresh.idToken.mockResolvedValue(null);
    expect(startEarlyWeek('en')).toBe(true);
    expect(await takeEarlyWeek('user-1', browserWeekStart())).toBeNull();
    expect(fetchWeek).not.toHaveBeenCalled();
  });

  it('asks nothing without a refresh token', () => {
    storeExpiredSession();
    localStorage.removeItem(`${CLIENT}.google_1.refreshToken`);
    expect(startEarlyWeek('en')).toBe(false);
    expect(refresh.idToken).not.toHaveBeenCalled();
  });
});
