import { afterEach, describe, expect, it } from 'vitest';
import { isOAuthCallback, mayHaveSession } from './session-hint';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('session hints', () => {
  it("spots Amplify's LastAuthUser key, whatever the client id", () => {
    expect(mayHaveSession()).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.abc123.someone.idToken', 'x');
    expect(mayHaveSession()).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.abc123.LastAuthUser', 'someone');
    expect(mayHaveSession()).toBe(true);
  });

  it('recognises the hosted UI coming back with a code or an error', () => {
    expect(isOAuthCallback()).toBe(false);
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    expect(isOAuthCallback()).toBe(true);
    window.history.replaceState(null, '', '/?error=access_denied&state=xyz');
    expect(isOAuthCallback()).toBe(true);
    window.history.replaceState(null, '', '/?code=abc');
    expect(isOAuthCallback()).toBe(false);
  });
});
