import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getPendingCheckoutPlan, setPendingCheckoutPlan } from '../lib/storage';
import { renderInApp } from '../testing/test-utils';
import { HomeViewProvider } from './home-view';
import { AppModalsProvider, useAppModals } from './modals';

function SignInButton() {
  const { openSignIn } = useAppModals();
  return (
    <button type="button" onClick={openSignIn}>
      Sign In
    </button>
  );
}

describe('AppModalsProvider', () => {
  it('lets go of a plan chosen on /pricing when the sign-in dialog is dismissed', async () => {
    setPendingCheckoutPlan('monthly');
    renderInApp(
      <HomeViewProvider>
        <AppModalsProvider>
          <SignInButton />
        </AppModalsProvider>
      </HomeViewProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Bloom' })).toBeInTheDocument();
    expect(getPendingCheckoutPlan()).toBe('monthly');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getPendingCheckoutPlan()).toBeNull();
  });
});
