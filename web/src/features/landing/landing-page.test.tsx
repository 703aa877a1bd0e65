import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderInApp } from '../../testing/test-utils';
import { LandingPage } from './landing-page';

const actions = () => ({ onStartQuiz: vi.fn(), onPreloadQuiz: vi.fn(), onSignIn: vi.fn() });

describe('landing page hero', () => {
  it('offers Begin Your Journey and Sign In to a visitor', () => {
    const props = actions();
    renderInApp(<LandingPage {...props} />);
    const hero = screen.getByRole('region', { name: /A calmer you/ });
    expect(hero).toHaveTextContent('Begin Your Journey');
    expect(screen.getAllByRole('button', { name: 'Sign In' })).toHaveLength(1);
  });

  it('asks the app to preload the quiz as she reaches for the button, and to open it on a click', async () => {
    const props = actions();
    renderInApp(<LandingPage {...props} />);
    const start = screen.getAllByRole('button', { name: 'Begin Your Journey' })[0] as HTMLElement;
    await userEvent.setup().click(start);
    expect(props.onPreloadQuiz).toHaveBeenCalled();
    expect(props.onStartQuiz).toHaveBeenCalledOnce();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(props.onSignIn).toHaveBeenCalledOnce();
  });

  it('does not offer Sign In to someone already signed in (after Start Over)', () => {
    renderInApp(<LandingPage {...actions()} />, {
      auth: fakeAuth({
        status: 'signedIn',
        user: { id: 'u1', email: 'ada@example.com', name: 'Ada', avatarUrl: null },
      }),
    });
    expect(screen.getAllByRole('button', { name: 'Begin Your Journey' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
