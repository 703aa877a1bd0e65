/**
 * Synchronous guesses made before Amplify is loaded, so a visitor without a session never downloads it.
 * Amplify keeps `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` in localStorage while signed in,
 * and the hosted UI comes back to the app with `?code=&state=` (or `?error=`) that Amplify must handle.
 */
export function mayHaveSession(): boolean {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return false;
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    return false;
  }
  return false;
}

export function isOAuthCallback(): boolean {
  if (typeof window === 'undefined') return false;
  const params = new URLSearchParams(window.location.search);
  return (params.has('code') && params.has('state')) || (params.has('error') && params.has('state'));
}
