import { crisisReply } from '@bloom/shared/coach/crisis-support';
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
      (_key: string, _message: string, _history: unknown[]) =>
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
    // Each message she sends is one action, with its own Idempotency-Key.
    expect(sendMessage.mock.calls[0]?.[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sendMessage.mock.calls[0]?.[1]).toBe('I feel tired');
    expect(sendMessage.mock.calls[0]?.[2]).toEqual([]);

    answer({ message: '' });
    expect(await screen.findByText(COACH_EMPTY_REPLY)).toBeInTheDocument();
    expect(screen.queryByText('Bloom is thinking...')).not.toBeInTheDocument();

    await user.type(input, 'Still here{Enter}');
    expect(sendMessage.mock.calls[1]?.[0]).not.toBe(sendMessage.mock.calls[0]?.[0]);
    expect(sendMessage.mock.calls[1]?.[2]).toEqual([
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

  it.each([['pro'], ['free'], [null]] as const)(
    'opens with the AI disclosure and a link to the crisis protocol (%s)',
    async (tier) => {
      renderChat(tier);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with Bloom' }));
      const panel = screen.getByRole('dialog', { name: 'Bloom' });
      expect(panel).toHaveTextContent('Bloom is an AI companion, not a person or a therapist.');
      expect(screen.getByRole('link', { name: 'How Bloom keeps you safe' })).toHaveAttribute(
        'href',
        '/safety',
      );
    },
  );

  it('shows the crisis reply legibly, its numbers as links to call', async () => {
    const reply = crisisReply(['abuse'], 'en', 'Europe/London');
    const sendMessage = vi.fn(async () => ({ ...reply, fallback: false }));
    renderChat('pro', sendMessage);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    await user.type(screen.getByPlaceholderText("Share what's on your mind..."), 'he hits me{Enter}');
    expect(await screen.findByRole('link', { name: '999' })).toHaveAttribute('href', 'tel:999');
    expect(screen.getByRole('link', { name: '0808 2000 247' })).toHaveAttribute('href', 'tel:08082000247');
    expect(screen.getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123');
    const item = screen.getByRole('link', { name: '999' }).closest('li');
    expect(item).toHaveClass('coach-message--crisis');
    // The whole reply is there, word for word.
    expect(item?.textContent).toBe(`Bloom: ${reply.message}`);
  });

  it('links the international directory when her country is not known', async () => {
    const reply = crisisReply(['suicide'], 'en', 'Asia/Tokyo');
    renderChat(
      'pro',
      vi.fn(async () => ({ ...reply, fallback: false })),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat with Bloom' }));
    await user.type(screen.getByPlaceholderText("Share what's on your mind..."), 'i want to die{Enter}');
    expect(await screen.findByRole('link', { name: 'findahelpline.com' })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
  });
});
