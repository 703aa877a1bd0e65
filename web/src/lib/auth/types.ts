export interface AuthUser {
  /** Cognito `sub`: the id the API uses. */
  id: string;
  email: string;
  name: string;
  avatarUrl: string | null;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** Redirects to Google; rejects (and the caller re-enables its button) when the redirect cannot start. */
  signIn(): Promise<void>;
  signOut(): Promise<void>;
}
