import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastViewport } from '../components/toast';
import { type AuthState, AuthStateProvider } from '../lib/auth';
import { I18nProvider, type Translations } from '../lib/i18n';
import { englishMessages } from './english-messages';

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

/** The app's words in English, as a page is rendered in a browser that reads English. */
export const ENGLISH: Translations = { locale: 'en', messages: englishMessages };

/** Renders a page at `path` with its words, a router, an auth state and the toasts, as the app does. */
export function renderInApp(ui: ReactElement, { path = '/', auth = fakeAuth() } = {}) {
  return render(
    <I18nProvider initial={ENGLISH}>
      <MemoryRouter initialEntries={[path]}>
        <AuthStateProvider value={auth}>
          {ui}
          <ToastViewport />
        </AuthStateProvider>
      </MemoryRouter>
    </I18nProvider>,
  );
}

/** The app's English words around a component rendered on its own: `render(ui, { wrapper: InEnglish })`. */
export function InEnglish({ children }: { children: ReactNode }) {
  return <I18nProvider initial={ENGLISH}>{children}</I18nProvider>;
}
