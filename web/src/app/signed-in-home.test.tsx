import { arrangementOf, weekPlan } from '@bloom/shared/plan/week-plan';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AuthState, AuthStateProvider } from '../lib/auth';
import { I18nProvider } from '../lib/i18n';
import {
  getCurrentView,
  getPlanArrangement,
  getQuizAnswers,
  getSelectedDayIndex,
  setCurrentView,
  setPlanArrangement,
  setQuizAnswers,
} from '../lib/storage';
import { createFakeApi, makeWeek, planned } from '../testing/fake-api';
import { ENGLISH } from '../testing/test-utils';
import { HomeViewProvider } from './home-view';
import { forgetSessionQueries } from './session-queries';
import SignedInHome from './signed-in-home';

const signedIn: AuthState = {
  status: 'signedIn',
  user: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl: null },
  signIn: async () => {},
  signOut: async () => {},
};

function renderHome(api: ReturnType<typeof createFakeApi>['api']) {
  return render(
    <I18nProvider initial={ENGLISH}>
      <MemoryRouter>
        <AuthStateProvider value={signedIn}>
          <HomeViewProvider>
            <SignedInHome api={api} />
          </HomeViewProvider>
        </AuthStateProvider>
      </MemoryRouter>
    </I18nProvider>,
  );
}

beforeEach(() => forgetSessionQueries());

describe('SignedInHome', () => {
  it('saves the time zone, the quiz answers and the preview as she arranged it, then loads the week', async () => {
    setQuizAnswers(DEFAULT_QUIZ_ANSWERS);
    const planArrangement = arrangementOf('2026-11-16', weekPlan(DEFAULT_QUIZ_ANSWERS, '2026-11-16'));
    setPlanArrangement(planArrangement);
    setCurrentView('weekly');
    const fake = createFakeApi(makeWeek([]));
    // The fake serves a fixed week; this test is about the order of calls, not about the dates.
    renderHome(fake.api);
    await waitFor(() => expect(fake.calls.some((call) => call.name === 'getWeek')).toBe(true));
    const names = fake.calls.map((call) => call.name);
    expect(names.indexOf('updateProfile')).toBeLessThan(names.indexOf('getWeek'));
    expect(fake.calls.find((call) => call.name === 'updateProfile')?.args[0]).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      quizAnswers: DEFAULT_QUIZ_ANSWERS,
      planArrangement,
    });
    expect(getQuizAnswers()).toBeNull();
    expect(getPlanArrangement()).toBeNull();
  });

  it('opens a day (remembering view and day) and goes back with focus on that day', async () => {
    setCurrentView('weekly');
    const fake = createFakeApi(makeWeek([planned('gratitude', 1, 'Morning')]));
    const week = fake.current();
    // Serve the fake week for whichever week the browser's clock is in.
    const api = { ...fake.api, getWeek: async (weekStart: string) => ({ ...week, weekStart }) };
    renderHome(api);
    const user = userEvent.setup();
    const open = await screen.findAllByRole('button', { name: 'View & Edit Day' });
    await user.click(open[1] as HTMLElement);
    // Focused as the day view mounts, which may be a moment after its heading shows (its chunk, then an effect).
    const heading = await screen.findByRole('heading', { name: 'Tuesday Self-Care Plan' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(getCurrentView()).toBe('day');
    expect(getSelectedDayIndex()).toBe(1);

    await user.click(screen.getByRole('button', { name: '← Back to Week View' }));
    expect(getCurrentView()).toBe('weekly');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-open-day', '1'));
  });
});
