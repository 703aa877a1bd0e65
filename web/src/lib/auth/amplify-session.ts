/**
 * Everything that touches aws-amplify. This module is only ever loaded with a dynamic `import()` (see
 * `./index.tsx`), so Amplify stays out of the landing page's first load.
 */
import { loadWebConfig } from '../config';
import { userFromClaims } from './stored-session';
import type { AuthUser } from './types';
import 'aws-amplify/auth/enable-oauth-listener';
import { Amplify } from 'aws-amplify';
import { signOut as amplifySignOut, fetchAuthSession, signInWithRedirect } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

const configured = loadWebConfig().then((config) => {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          oauth: {
            domain: config.oauthDomain,
            scopes: ['openid', 'email', 'profile'],
            redirectSignIn: [config.redirectSignIn],
            redirectSignOut: [config.redirectSignOut],
            responseType: 'code',
            providers: ['Google'],
          },
        },
      },
    },
  });
});

/** The signed-in user from the ID token's claims, or null when there is no session. */
export async function currentUser(): Promise<AuthUser | null> {
  await configured;
  const session = await fetchAuthSession();
  return userFromClaims(session.tokens?.idToken?.payload);
}

/** The Cognito ID token (refreshed by Amplify when it has expired), or null when signed out. */
export async function idToken(): Promise<string | null> {
  await configured;
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString() ?? null;
}

/** Leaves for Google through Cognito's hosted UI; the page comes back to `redirectSignIn` with `?code=`. */
export async function signIn(): Promise<void> {
  await configured;
  await signInWithRedirect({ provider: 'Google' });
}

export async function signOut(): Promise<void> {
  await configured;
  await amplifySignOut();
}

/** Calls back whenever Amplify signs in, out, or loses the session; returns an unsubscribe function. */
export function onAuthChange(callback: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signInWithRedirect':
      case 'signInWithRedirect_failure':
      case 'signedOut':
      case 'tokenRefresh_failure':
        callback();
    }
  });
}
