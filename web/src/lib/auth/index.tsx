import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearPlanState, rememberFarewell } from '../storage';
import { isOAuthCallback, mayHaveSession } from './session-hint';
import type { AuthState, AuthStatus, AuthUser } from './types';

export type { AuthState, AuthStatus, AuthUser } from './types';

type AmplifySession = typeof import('./amplify-session');

let amplify: Promise<AmplifySession> | null = null;

/** Loads aws-amplify (once) the first time anything needs it. */
function loadAmplify(): Promise<AmplifySession> {
  amplify ??= import('./amplify-session').catch((error: unknown) => {
    amplify = null;
    throw error;
  });
  return amplify;
}

/**
 * The Cognito ID token for `Authorization: Bearer`, or null when signed out. Loads Amplify if needed, so it
 * works from anywhere (the API client calls it before every request).
 */
export async function getIdToken(): Promise<string | null> {
  return (await loadAmplify()).idToken();
}

/**
 * The API said her account was deleted (on another device, say) while this one still held her session: she is
 * signed out here too and the page she lands on says goodbye. Amplify's sign-out event updates AuthProvider.
 */
export async function signOutDeletedAccount(): Promise<void> {
  rememberFarewell();
  clearPlanState();
  try {
    await (await loadAmplify()).signOut();
  } catch (error) {
    console.error('Sign-out failed', error);
  }
}

const AuthContext = createContext<AuthState | null>(null);

interface Snapshot {
  status: AuthStatus;
  user: AuthUser | null;
}

/**
 * Knows who is signed in. Starts as `signedOut` without touching Amplify unless a session may exist or the
 * page is the hosted UI's redirect back; then it loads Amplify after the first paint and asks it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<Snapshot>(() => ({
    status: mayHaveSession() || isOAuthCallback() ? 'loading' : 'signedOut',
    user: null,
  }));
  const [amplifyWanted, setAmplifyWanted] = useState(snapshot.status === 'loading');

  useEffect(() => {
    if (!amplifyWanted) return;
    let active = true;
    let unsubscribe = () => {};
    const refresh = (session: AmplifySession) =>
      session.currentUser().then(
        (user) => active && setSnapshot({ status: user ? 'signedIn' : 'signedOut', user }),
        (error: unknown) => {
          console.error('Could not read the session', error);
          if (active) setSnapshot({ status: 'signedOut', user: null });
        },
      );
    loadAmplify().then(
      (session) => {
        if (!active) return;
        unsubscribe = session.onAuthChange(() => void refresh(session));
        void refresh(session);
      },
      (error: unknown) => {
        console.error('Could not load sign-in', error);
        if (active) setSnapshot({ status: 'signedOut', user: null });
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [amplifyWanted]);

  const signIn = useCallback(async () => {
    setAmplifyWanted(true);
    await (await loadAmplify()).signIn();
  }, []);

  const signOut = useCallback(async () => {
    try {
      clearPlanState();
      await (await loadAmplify()).signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
    } finally {
      setSnapshot({ status: 'signedOut', user: null });
    }
  }, []);

  const value = useMemo<AuthState>(() => ({ ...snapshot, signIn, signOut }), [snapshot, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Who is signed in, and the actions to change it. Must be used under `AuthProvider` (the app shell). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Lets tests and previews render components with a fixed auth state. */
export const AuthStateProvider = AuthContext.Provider;
