import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastViewport } from '../components/toast';
import { type AuthState, AuthStateProvider } from '../lib/auth';

/** A fixed auth state for component tests: no Amplify, no network. */
export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    status: 'signedOut',
    user: null,
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Renders a page at `path` with a router, an auth state and the toasts, as the app does. */
export function renderInApp(ui: ReactElement, { path = '/', auth = fakeAuth() } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthStateProvider value={auth}>
        {ui}
        <ToastViewport />
      </AuthStateProvider>
    </MemoryRouter>,
  );
}
