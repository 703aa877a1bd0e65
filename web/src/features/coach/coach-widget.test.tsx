import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { COACH_EMPTY_REPLY } from './coach-copy';
import { CoachWidget } from './coach-widget';

const renderChat = (tier: 'free' | 'pro' | null, sendMessage = vi.fn()) =>
  render(
    <MemoryRouter>
      <CoachWidget tier={tier} sendMessage={sendMessage} />
    </MemoryRouter>,
  );

describe('CoachWidget', () => {
  it('invites free users to Pro', async () => {
    renderChat('free');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    expect(screen.getByRole('dialog', { name: 'Bloom' })).toBeInTheDocument();
    expect(screen.getByText('Your caring companion')).toBeInTheDocument();
    expect(screen.getByText('Pro Feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  });

  it('shows a neutral state while her plan loads: never "Pro Feature" to a Pro user who is still loading', async () => {
    renderChat(null);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    expect(screen.getByText('Getting Bloom ready...')).toBeInTheDocument();
    expect(screen.queryByText('Pro Feature')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Share what's on your mind...")).not.toBeInTheDocument();
  });

  it('sends with history, shows "Bloom is thinking...", and blocks blank or second sends', async () => {
    let answer: (value: { message: string }) => void = () => {};
    const sendMessage = vi.fn(
      (_message: string, _history: unknown[]) =>
        new Promise<{ message: string }>((resolve) => (answer = resolve)),
    );
    renderChat('pro', sendMessage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    const input = screen.getByPlaceholderText("Share what's on your mind...");
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'I feel tired{Enter}');
    expect(screen.getByText('Bloom is thinking...')).toBeInTheDocument();
    await user.type(input, 'Hello?{Enter}');
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(sendMessage.mock.calls[0]?.[0]).toBe('I feel tired');
    expect(sendMessage.mock.calls[0]?.[1]).toEqual([]);

    answer({ message: '' });
    expect(await screen.findByText(COACH_EMPTY_REPLY)).toBeInTheDocument();
    expect(screen.queryByText('Bloom is thinking...')).not.toBeInTheDocument();

    await user.type(input, 'Still here{Enter}');
    expect(sendMessage.mock.calls[1]?.[1]).toEqual([
      { role: 'user', content: 'I feel tired' },
      { role: 'assistant', content: COACH_EMPTY_REPLY },
    ]);
  });

  it('answers a failure with the gentle fallback', async () => {
    const sendMessage = vi.fn(async () => {
      throw new Error('down');
    });
    renderChat('pro', sendMessage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    await user.type(screen.getByPlaceholderText("Share what's on your mind..."), 'Hi{Enter}');
    await waitFor(() =>
      expect(
        screen.getByText(
          (text) =>
            text.startsWith("I'm having a moment of quiet reflection, but I'm still here for you!") &&
            text.endsWith('How are you feeling right now? 🌸'),
        ),
      ).toBeInTheDocument(),
    );
  });
});
