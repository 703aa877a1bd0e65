import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderInApp } from '../testing/test-utils';
import { HomePage } from './home';
import { HomeViewProvider } from './home-view';
import { AppModalsProvider } from './modals';

/** The coach is a chunk of its own, loaded when she presses the button: a first import can take seconds. */
const LAZY_CHUNK_MS = 10_000;

function renderHome(auth = fakeAuth()) {
  return renderInApp(
    <HomeViewProvider>
      <AppModalsProvider>
        <HomePage />
      </AppModalsProvider>
    </HomeViewProvider>,
    { auth },
  );
}

describe('the chat button on the landing page', () => {
  it('is there for a visitor, and opens the Pro invitation', async () => {
    renderHome();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Chat with Bloom' }, { timeout: LAZY_CHUNK_MS }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Bloom' }, { timeout: LAZY_CHUNK_MS });
    expect(panel).toHaveTextContent('Pro Feature');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('textbox', { name: 'Message to Bloom' })).not.toBeInTheDocument();
  });

  it('shows neither the coach nor the invitation while the session is still being read', async () => {
    renderHome(fakeAuth({ status: 'loading' }));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Chat with Bloom' }, { timeout: LAZY_CHUNK_MS }));
    expect(
      await screen.findByRole('dialog', { name: 'Bloom' }, { timeout: LAZY_CHUNK_MS }),
    ).toHaveTextContent('Getting Bloom ready...');
    expect(screen.queryByText('Pro Feature')).not.toBeInTheDocument();
  });
});
