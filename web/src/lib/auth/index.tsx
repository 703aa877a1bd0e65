import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { forgetEarlyWeek } from '../api/early-week';
import { clearPlanState, rememberFarewell } from '../storage';
import { isOAuthCallback, mayHaveSession } from './session-hint';
import { storedSession } from './stored-session';
import type { AuthState, AuthStatus, AuthUser } from './types';

export type { AuthState, AuthStatus, AuthUser } from './types';

type AmplifySession = typeof import('./amplify-session');

let amplify: Promise<AmplifySession> | null = null;

/** Told when Amplify has loaded, whatever loaded it. */
const amplifyListeners = new Set<() => void>();

/** Loads aws-amplify (once) the first time anything needs it. */
function loadAmplify(): Promise<AmplifySession> {
  amplify ??= import('./amplify-session').then(
    (session) => {
      for (const listener of amplifyListeners) listener();
      return session;
    },
    (error: unknown) => {
      amplify = null;
      throw error;
    },
  );
  return amplify;
}

/**
 * The Cognito ID token for `Authorization: Bearer`, or null when signed out: the stored one while it is
 * unexpired (what Amplify's `fetchAuthSession` would answer, read without loading it), else Amplify's, which
 * refreshes it. Works from anywhere (the API client calls it before every request).
 */
export async function getIdToken(): Promise<string | null> {
  const stored = storedSession();
  if (stored) return stored.idToken;
  return (await loadAmplify()).idToken();
}

/**
 * The API said her account was deleted (on another device, say) while this one still held her session: she is
 * signed out here too and the page she lands on says goodbye. Amplify's sign-out event updates AuthProvider.
 */
export async function signOutDeletedAccount(): Promise<void> {
  rememberFarewell();
  forgetEarlyWeek();
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

/** The same person, as far as the app shows her: a new snapshot of her would only re-render everything. */
function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return (
    a.status === b.status &&
    a.user?.id === b.user?.id &&
    a.user?.email === b.user?.email &&
    a.user?.name === b.user?.name &&
    a.user?.avatarUrl === b.user?.avatarUrl
  );
}

/**
 * Knows who is signed in. Starts as `signedOut` without touching Amplify unless a session may exist or the
 * page is the hosted UI's redirect back. With an unexpired stored session (./stored-session.ts) she is signed in
 * at once, and Amplify loads only when something needs it (a token to refresh, signing out); from then on its
 * events keep this up to date. Otherwise it loads after the first paint and is asked.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [stored] = useState(() => (isOAuthCallback() ? null : storedSession()));
  const [snapshot, setSnapshot] = useState<Snapshot>(() =>
    stored
      ? { status: 'signedIn', user: stored.user }
      : { status: mayHaveSession() || isOAuthCallback() ? 'loading' : 'signedOut', user: null },
  );
  const [amplifyWanted, setAmplifyWanted] = useState(snapshot.status === 'loading');

  useEffect(() => {
    if (!stored) return;
    const want = () => setAmplifyWanted(true);
    amplifyListeners.add(want);
    return () => {
      amplifyListeners.delete(want);
    };
  }, [stored]);

  useEffect(() => {
    if (!amplifyWanted) return;
    let active = true;
    let unsubscribe = () => {};
    const refresh = (session: AmplifySession) =>
      session.currentUser().then(
        (user) => {
          if (!active) return;
          const next: Snapshot = { status: user ? 'signedIn' : 'signedOut', user };
          setSnapshot((current) => (sameSnapshot(current, next) ? current : next));
        },
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
      forgetEarlyWeek();
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
