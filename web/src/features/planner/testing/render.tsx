import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiProvider, type BloomApi, createQueryClient } from '../../../lib/api';
import { type AuthState, AuthStateProvider } from '../../../lib/auth';
import { I18nProvider, type Translations } from '../../../lib/i18n';
import { TODAY } from '../../../testing/fake-api';
import { ENGLISH } from '../../../testing/test-utils';
import { PlannerProvider } from '../planner-provider';
import { loadWeekDnd } from '../week/use-week-dnd';

// The screens render as she has them once her week is on screen: with drag and drop loaded. How it loads (after
// the week, and a handle pressed before) is the browser journeys' business (test/browser/planner-week.test.ts).
await loadWeekDnd();

const signedIn: AuthState = {
  status: 'signedIn',
  user: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl: null },
  signIn: async () => {},
  signOut: async () => {},
};

/** The app's query client, minus retry delays: a failing fake answers at once, every time. */
export function testQueryClient(notify: (message: string) => void = () => {}) {
  const client = createQueryClient({ onReadError: notify });
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Renders planner screens as the signed-in home does, with a fixed clock, an in-memory API and /pricing. */
export function renderPlanner(
  ui: ReactElement,
  {
    api,
    notify = () => {},
    celebrate = () => {},
    translations = ENGLISH,
  }: {
    api: BloomApi;
    notify?: (message: string) => void;
    celebrate?: () => void;
    /** Her language and its messages; English by default. */
    translations?: Translations;
  },
) {
  return render(
    <I18nProvider initial={translations}>
      <MemoryRouter initialEntries={['/']}>
        <AuthStateProvider value={signedIn}>
          <QueryClientProvider client={testQueryClient(notify)}>
            <ApiProvider api={api}>
              <PlannerProvider
                notify={notify}
                celebrate={celebrate}
                now={() => new Date(`${TODAY}T09:00:00Z`)}
              >
                <Routes>
                  <Route path="/" element={ui} />
                  <Route path="/pricing" element={<p>Pricing page</p>} />
                </Routes>
              </PlannerProvider>
            </ApiProvider>
          </QueryClientProvider>
        </AuthStateProvider>
      </MemoryRouter>
    </I18nProvider>,
  );
}
