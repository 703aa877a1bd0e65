import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderInApp } from '../../test-utils';
import { LandingPage } from './landing-page';

describe('landing page hero', () => {
  it('offers Begin Your Journey and Sign In to a visitor', () => {
    renderInApp(<LandingPage />);
    const hero = screen.getByRole('region', { name: /A calmer you/ });
    expect(hero).toHaveTextContent('Begin Your Journey');
    expect(screen.getAllByRole('button', { name: 'Sign In' })).toHaveLength(1);
  });

  it('does not offer Sign In to someone already signed in (after Start Over)', () => {
    renderInApp(<LandingPage />, {
      auth: fakeAuth({
        status: 'signedIn',
        user: { id: 'u1', email: 'ada@example.com', name: 'Ada', avatarUrl: null },
      }),
    });
    expect(screen.getAllByRole('button', { name: 'Begin Your Journey' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
