import { crisisReply } from '@bloom/shared/coach/crisis-support';
import type { CoachHistoryResponse, CoachMessageResponse } from '@bloom/shared/coach/messages';
import { COACH_EMPTY_REPLY } from '@bloom/shared/coach/replies';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, queryKeys } from '../../lib/api';
import { I18nProvider, loadWebMessages, setLocale, type Translations } from '../../lib/i18n';
import { ENGLISH } from '../../testing/test-utils';
import type { CoachApi } from './coach-conversation';
import conversation from './coach-conversation.module.css';
import { CoachWidget } from './coach-widget';

const reply = (message: string, extra: Partial<CoachMessageResponse> = {}): CoachMessageResponse => ({
  message,
  fallback: false,
  added: [],
  ...extra,
});

function renderChat(
  tier: 'free' | 'pro' | null,
  overrides: Partial<CoachApi> = {},
  translations: Translations = ENGLISH,
) {
  const api = {
    sendCoachMessage: vi.fn(async (_key: string, message: string) => reply(`You said: ${message}`)),
    getCoachMessages: vi.fn(async (): Promise<CoachHistoryResponse> => ({ turns: [] })),
    clearCoachMessages: vi.fn(async () => undefined),
    ...overrides,
  } as CoachApi & Record<keyof CoachApi, ReturnType<typeof vi.fn>>;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider initial={translations}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CoachWidget tier={tier} api={api} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { api, queryClient };
}

async function openChat() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Chat with Bloom' }));
  return user;
}
const GREETING =
  "Hi, I'm Bloom, your caring companion. Tell me how your day is going, or ask me for a little self-care idea. 🌸";
const box = () => screen.getByPlaceholderText("Share what's on your mind...");

describe('CoachWidget', () => {
  it('invites free users to Pro, and reads no conversation for them', async () => {
    const { api } = renderChat('free');
    await openChat();
    expect(screen.getByRole('dialog', { name: 'Bloom' })).toBeInTheDocument();
    expect(screen.getByText('Your caring companion')).toBeInTheDocument();
    expect(screen.getByText('Pro Feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    expect(api.getCoachMessages).not.toHaveBeenCalled();
  });

  it('shows a neutral state while her plan loads: never "Pro Feature" to a Pro user who is still loading', async () => {
    renderChat(null);
    await openChat();
    expect(screen.getByText('Getting Bloom ready...')).toBeInTheDocument();
    expect(screen.queryByText('Pro Feature')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Share what's on your mind...")).not.toBeInTheDocument();
  });

  it.each([['pro'], ['free'], [null]] as const)(
    'opens with the AI disclosure and a link to the crisis protocol (%s)',
    async (tier) => {
      renderChat(tier);
      await openChat();
      const panel = screen.getByRole('dialog', { name: 'Bloom' });
      expect(panel).toHaveTextContent('Bloom is an AI companion, not a person or a therapist.');
      expect(screen.getByRole('link', { name: 'How Bloom keeps you safe' })).toHaveAttribute(
        'href',
        '/safety',
      );
    },
  );

  it('opens on the conversation Bloom kept', async () => {
    renderChat('pro', {
      getCoachMessages: vi.fn(async () => ({
        turns: [
          { id: '1', role: 'user' as const, text: 'I slept badly', at: '2026-11-23T08:00:00.000Z' },
          {
            id: '2',
            role: 'assistant' as const,
            text: 'Rest is self-care too.',
            at: '2026-11-23T08:00:01.000Z',
          },
        ],
      })),
    });
    await openChat();
    expect(await screen.findByText('I slept badly')).toBeInTheDocument();
    expect(screen.getByText('Rest is self-care too.')).toBeInTheDocument();
    expect(screen.getByText(GREETING)).toBeInTheDocument();
  });

  it('sends only her message, shows "Bloom is thinking...", and blocks blank or second sends', async () => {
    let answer: (value: CoachMessageResponse) => void = () => {};
    const sendCoachMessage = vi.fn(() => new Promise<CoachMessageResponse>((resolve) => (answer = resolve)));
    renderChat('pro', { sendCoachMessage });
    const user = await openChat();
    await screen.findByText(GREETING);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box(), '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.clear(box());
    await user.type(box(), 'I feel tired{Enter}');
    expect(screen.getByText('Bloom is thinking...')).toBeInTheDocument();
    await user.type(box(), 'Hello?{Enter}');
    expect(sendCoachMessage).toHaveBeenCalledTimes(1);
    expect(sendCoachMessage.mock.calls[0]).toEqual([expect.any(String), 'I feel tired']);

    answer(reply(''));
    expect(await screen.findByText(COACH_EMPTY_REPLY)).toBeInTheDocument();
    expect(screen.queryByText('Bloom is thinking...')).not.toBeInTheDocument();
  });

  it('holds a message to 1,000 characters', async () => {
    renderChat('pro');
    await openChat();
    expect(box()).toHaveAttribute('maxLength', '1000');
    expect(screen.getByText('0 / 1,000')).toBeInTheDocument();
  });

  it.each([
    ['a failure', new Error('down'), /^I'm having a moment of quiet reflection, but I'm still here for you!/],
    [
      'a reply still in progress',
      new ApiError(ERRORS.coach_reply_in_progress.message, { status: 409, code: 'coach_reply_in_progress' }),
      ERRORS.coach_reply_in_progress.message,
    ],
    [
      "today's messages used",
      new ApiError(ERRORS.coach_daily_limit_reached.message, {
        status: 429,
        code: 'coach_daily_limit_reached',
      }),
      ERRORS.coach_daily_limit_reached.message,
    ],
  ])('answers %s in Bloom’s words', async (_case, error, expected) => {
    renderChat('pro', {
      sendCoachMessage: vi.fn(async () => {
        throw error;
      }),
    });
    const user = await openChat();
    await user.type(box(), 'Hi{Enter}');
    await waitFor(() =>
      expect(
        screen.getByText((text) => (typeof expected === 'string' ? text === expected : expected.test(text))),
      ).toBeInTheDocument(),
    );
  });

  it('points to the crisis lines when her message reached no one, since it was never screened', async () => {
    let fail: unknown = new Error('offline');
    renderChat('pro', {
      sendCoachMessage: vi.fn(async () => {
        throw fail;
      }),
    });
    const user = await openChat();
    await user.type(box(), 'I cannot go on{Enter}');
    const lines = await screen.findByRole('link', { name: 'these crisis lines' });
    expect(lines).toHaveAttribute('href', '/safety#crisis-lines');
    expect(lines.closest('li')).toHaveTextContent(
      /^Bloom: I'm having a moment of quiet reflection.*If you need someone to talk to right now, these crisis lines are always there for you\.$/,
    );

    // Bloom's own words about her limits answered the message: it was screened, so no pointer is added.
    fail = new ApiError(ERRORS.coach_daily_limit_reached.message, {
      status: 429,
      code: 'coach_daily_limit_reached',
    });
    await user.type(box(), 'One more{Enter}');
    await screen.findByText(ERRORS.coach_daily_limit_reached.message);
    expect(screen.getAllByRole('link', { name: 'these crisis lines' })).toHaveLength(1);
  });

  it('reads the week again when Bloom added something to it', async () => {
    const { queryClient } = renderChat('pro', {
      sendCoachMessage: vi.fn(async () =>
        reply("Done! I've added Scalp massage to your plan for this evening.", {
          added: [{ weekStart: '2026-11-23', day: 0, slot: 'Evening', name: 'Scalp massage', icon: '💆' }],
        }),
      ),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = await openChat();
    await user.type(box(), 'Something calming for tonight?{Enter}');
    await screen.findByText(/I've added Scalp massage/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.week('2026-11-23') });
  });

  it('"Start fresh" deletes the conversation and starts again from the greeting', async () => {
    const { api } = renderChat('pro', {
      getCoachMessages: vi.fn(async () => ({
        turns: [{ id: '1', role: 'user' as const, text: 'An old worry', at: '2026-11-23T08:00:00.000Z' }],
      })),
    });
    const user = await openChat();
    await screen.findByText('An old worry');
    await user.click(screen.getByRole('button', { name: 'Start fresh' }));
    await waitFor(() => expect(screen.queryByText('An old worry')).not.toBeInTheDocument());
    expect(api.clearCoachMessages).toHaveBeenCalledTimes(1);
    expect(screen.getByText(GREETING)).toBeInTheDocument();
  });

  it('shows the crisis reply legibly, its numbers as links to call', async () => {
    const crisis = crisisReply(['abuse'], 'en', 'Europe/London');
    renderChat('pro', { sendCoachMessage: vi.fn(async () => ({ ...crisis, fallback: false, added: [] })) });
    const user = await openChat();
    await user.type(box(), 'he hits me{Enter}');
    expect(await screen.findByRole('link', { name: '999' })).toHaveAttribute('href', 'tel:999');
    expect(screen.getByRole('link', { name: '0808 2000 247' })).toHaveAttribute('href', 'tel:08082000247');
    expect(screen.getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123');
    const item = screen.getByRole('link', { name: '999' }).closest('li');
    expect(item).toHaveClass(conversation.crisis as string);
    // The whole reply is there, word for word.
    expect(item?.textContent).toBe(`Bloom: ${crisis.message}`);
  });

  it('links the international directory when her country is not known, also for a stored crisis reply', async () => {
    const crisis = crisisReply(['suicide'], 'en', 'Asia/Tokyo');
    renderChat('pro', {
      getCoachMessages: vi.fn(async () => ({
        turns: [
          {
            id: '1',
            role: 'assistant' as const,
            text: crisis.message,
            at: '2026-11-23T08:00:00.000Z',
            crisis: crisis.crisis,
          },
        ],
      })),
    });
    await openChat();
    expect(await screen.findByRole('link', { name: 'findahelpline.com' })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
  });
});

describe('CoachWidget in German', () => {
  afterEach(() => setLocale('en', 'menu'));

  it('speaks German: the button, the Pro invitation, the greeting, the composer and the fallback', async () => {
    setLocale('de', 'menu');
    const german = { locale: 'de' as const, messages: await loadWebMessages('de') };
    renderChat(
      'pro',
      {
        sendCoachMessage: vi.fn(async () =>
          Promise.reject(new ApiError('boom', { status: 500, code: 'internal' })),
        ),
      },
      german,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mit Bloom chatten' }));
    expect(screen.getByText('Deine liebevolle Begleiterin')).toBeInTheDocument();
    expect(await screen.findByText(/^Hallo, ich bin Bloom/)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Was beschäftigt dich gerade?'), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText(/^Ich gönne mir gerade einen Moment/)).toBeInTheDocument();
  });
});
