import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '../../lib/auth';
import { fakeAuth, InEnglish } from '../../testing/test-utils';
import { SignInDialog } from './sign-in-dialog';

function renderDialog(signIn: () => Promise<void>) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <button type="button">Opener</button>
      <AuthStateProvider value={fakeAuth({ signIn })}>
        <SignInDialog open onClose={onClose} />
      </AuthStateProvider>
    </MemoryRouter>,
    { wrapper: InEnglish },
  );
  return { onClose };
}

describe('SignInDialog', () => {
  it('is a labelled dialog offering Google only, with the three promises', () => {
    renderDialog(async () => {});
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Bloom' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('No credit card needed')).toBeInTheDocument();
    expect(screen.getByText('Instant access to your plan')).toBeInTheDocument();
    expect(screen.getByText('Always free to try')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeEnabled();
  });

  it('reads "Creating your sanctuary..." and is disabled while signing in, and re-enables on failure', async () => {
    let fail: (error: Error) => void = () => {};
    const signIn = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog(signIn);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    const busy = screen.getByRole('button', { name: 'Creating your sanctuary...' });
    expect(busy).toBeDisabled();
    expect(signIn).toHaveBeenCalledOnce();
    fail(new Error('popup blocked'));
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeEnabled();
  });

  it('moves focus inside, keeps Tab inside and closes on Escape', async () => {
    const { onClose } = renderDialog(async () => {});
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let press = 0; press < 6; press++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
