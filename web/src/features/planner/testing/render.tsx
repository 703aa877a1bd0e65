import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BloomApi } from '../../../lib/api';
import { type AuthState, AuthStateProvider } from '../../../lib/auth';
import { PlannerProvider } from '../planner-store';
import { TODAY } from './fake-api';

const signedIn: AuthState = {
  status: 'signedIn',
  user: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl: null },
  signIn: async () => {},
  signOut: async () => {},
};

/** Renders planner screens the way SignedInHome does, with a fixed clock, an in-memory API and /pricing. */
export function renderPlanner(
  ui: ReactElement,
  {
    api,
    notify = () => {},
    celebrate = () => {},
  }: { api: BloomApi; notify?: (message: string) => void; celebrate?: () => void },
) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AuthStateProvider value={signedIn}>
        <PlannerProvider
          api={api}
          notify={notify}
          celebrate={celebrate}
          now={() => new Date(`${TODAY}T09:00:00Z`)}
        >
          <Routes>
            <Route path="/" element={ui} />
            <Route path="/pricing" element={<p>Pricing page</p>} />
          </Routes>
        </PlannerProvider>
      </AuthStateProvider>
    </MemoryRouter>,
  );
}
