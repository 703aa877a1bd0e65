import type { CrisisSupport } from '@bloom/shared/coach/crisis-support';
import { COACH_MESSAGE_MAX_CHARS, type CoachTurn } from '@bloom/shared/coach/messages';
import { SITE_PAGES } from '@bloom/shared/site/pages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import inputStyles from '../../components/input.module.css';
import {
  ApiError,
  type BloomApi,
  coachMessagesQuery,
  messageOf,
  newActionKey,
  queryKeys,
} from '../../lib/api';
import styles from './coach-conversation.module.css';
import { COACH_EMPTY_REPLY, COACH_FAILURE_REPLY, COACH_GREETING, type CoachFixedText } from './coach-copy';
import { CrisisMessage } from './crisis-message';

export type CoachApi = Pick<BloomApi, 'sendCoachMessage' | 'getCoachMessages' | 'clearCoachMessages'>;

export interface ChatMessage {
  id: string;
  /** What was said; or, for Bloom's fixed words, which (said in the language shown, even after a switch). */
  text: string | { fixed: CoachFixedText };
  isBot: boolean;
  timestamp: Date;
  /** Set on Bloom's crisis reply: the numbers in `text`, rendered as links. */
  crisis?: CrisisSupport;
  /**
   * Set when her message reached no one (offline, an outage): it was never screened for a crisis, so the chat
   * points to the crisis lines beside Bloom's fallback words.
   */
  unanswered?: true;
}

let nextId = 1;
const message = (text: ChatMessage['text'], isBot: boolean, crisis?: CrisisSupport): ChatMessage => ({
  id: `local-${nextId++}`,
  text,
  isBot,
  timestamp: new Date(),
  ...(crisis ? { crisis } : {}),
});
const fromTurn = (turn: CoachTurn): ChatMessage => ({
  id: turn.id,
  text: turn.text,
  isBot: turn.role === 'assistant',
  timestamp: new Date(turn.at),
  ...(turn.crisis ? { crisis: turn.crisis } : {}),
});
const greeting = (): ChatMessage => message({ fixed: COACH_GREETING }, true);

/** Codes whose message Bloom says herself in the chat: she is still answering, or today's messages are used. */
const SPOKEN_CODES = new Set(['coach_reply_in_progress', 'coach_daily_limit_reached']);

/** What the chat says when a message could not be answered. */
function failureReply(error: unknown): ChatMessage {
  if (error instanceof ApiError) {
    // The API's words, in her language (lib/api: messageOf says a catalogue message it kept in English in it).
    if (SPOKEN_CODES.has(error.code)) return message(messageOf(error), true);
    if (error.code === 'validation_failed') return message(error.fields.message ?? messageOf(error), true);
  }
  return { ...message({ fixed: COACH_FAILURE_REPLY }, true), unanswered: true };
}

/**
 * Bloom's conversation (Pro): the one she keeps on the server, loaded when the chat opens, then her messages and
 * Bloom's replies. When Bloom adds something to the plan, the planner's week is read again.
 */
export function CoachConversation({ api }: { api: CoachApi }) {
  const { messages, pending, clearing, send, startFresh } = useConversation(api);
  return (
    <>
      <div className={styles.tools}>
        <button
          type="button"
          className={styles.fresh}
          onClick={() => void startFresh()}
          disabled={pending || clearing || messages === null}
        >
          <FormattedMessage id="coach.startFresh" />
        </button>
      </div>
      <MessageList messages={messages} pending={pending} />
      <MessageForm busy={pending || clearing} onSend={(text) => void send(text)} />
    </>
  );
}

/** The conversation as the chat shows it (null until the stored one is read), sending, and starting afresh. */
function useConversation(api: CoachApi) {
  const queryClient = useQueryClient();
  const stored = useQuery(coachMessagesQuery(api));
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [pending, setPending] = useState(false);
  const [clearing, setClearing] = useState(false);

  // The stored conversation once it is read afresh (or just the greeting when it cannot be read).
  useEffect(() => {
    if (messages !== null || stored.isFetching) return;
    if (stored.data) setMessages([greeting(), ...stored.data.turns.map(fromTurn)]);
    else if (stored.isError) setMessages([greeting()]);
  }, [messages, stored.data, stored.isError, stored.isFetching]);

  const append = (entry: ChatMessage) => setMessages((current) => [...(current ?? [greeting()]), entry]);

  const send = async (text: string) => {
    append(message(text, false));
    setPending(true);
    try {
      const reply = await api.sendCoachMessage(newActionKey(), text);
      const answer = reply.message?.trim() ? reply.message.trim() : { fixed: COACH_EMPTY_REPLY };
      append(message(answer, true, reply.crisis));
      for (const weekStart of new Set((reply.added ?? []).map((added) => added.weekStart))) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.week(weekStart) });
      }
    } catch (error) {
      append(failureReply(error));
    } finally {
      setPending(false);
      // The next time the chat opens it reads what the server stored (not now: this chat shows it already).
      void queryClient.invalidateQueries({ queryKey: queryKeys.coachMessages, refetchType: 'none' });
    }
  };

  const startFresh = async () => {
    setClearing(true);
    try {
      await api.clearCoachMessages(newActionKey());
      queryClient.setQueryData(queryKeys.coachMessages, { turns: [] });
      setMessages([greeting()]);
    } catch {
      append(message({ fixed: COACH_FAILURE_REPLY }, true));
    } finally {
      setClearing(false);
    }
  };

  return { messages, pending, clearing, send, startFresh };
}

/** The messages, newest in view, and a line while the conversation opens or Bloom is thinking. */
function MessageList({ messages, pending }: { messages: ChatMessage[] | null; pending: boolean }) {
  const list = useRef<HTMLOListElement>(null);
  const intl = useIntl();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever one arrives
  useEffect(() => {
    const last = list.current?.lastElementChild;
    if (last && typeof last.scrollIntoView === 'function') last.scrollIntoView({ block: 'end' });
  }, [messages, pending]);

  return (
    // Focusable: a region that scrolls must be reachable, and scrollable, from the keyboard.
    <ol
      ref={list}
      className={styles.messages}
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'coach.chat.conversation' })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {(messages ?? [greeting()]).map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
      {messages === null ? (
        <li className={clsx(styles.message, styles.bot, styles.pending)}>
          <FormattedMessage id="coach.chat.opening" />
        </li>
      ) : null}
      {pending ? (
        <li className={clsx(styles.message, styles.bot, styles.pending)}>
          <FormattedMessage id="coach.chat.thinking" />
        </li>
      ) : null}
    </ol>
  );
}

/** One message, saying who said it to a screen reader. */
function Entry({ entry }: { entry: ChatMessage }) {
  const intl = useIntl();
  const text = typeof entry.text === 'string' ? entry.text : intl.formatMessage({ id: entry.text.fixed });
  return (
    <li
      className={clsx(styles.message, entry.isBot ? styles.bot : styles.user, entry.crisis && styles.crisis)}
    >
      <span className="visually-hidden">
        <FormattedMessage id={entry.isBot ? 'coach.chat.fromBloom' : 'coach.chat.fromYou'} />
      </span>
      {entry.crisis ? <CrisisMessage text={text} crisis={entry.crisis} /> : text}
      {entry.unanswered ? (
        <span className={styles.unansweredHelp}>
          <FormattedMessage
            id="coach.chat.unansweredHelp"
            values={{ link: (words) => <Link to={`${SITE_PAGES.safety}#crisis-lines`}>{words}</Link> }}
          />
        </span>
      ) : null}
    </li>
  );
}

/** Her message box: Enter sends, Shift+Enter is a new line; at most COACH_MESSAGE_MAX_CHARS, counted. */
function MessageForm({ busy, onSend }: { busy: boolean; onSend(text: string): void }) {
  const [input, setInput] = useState('');
  const intl = useIntl();
  const inputId = useId();
  const counterId = useId();
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = input.trim();
    if (busy || text === '' || text.length > COACH_MESSAGE_MAX_CHARS) return;
    setInput('');
    onSend(text);
  };
  const tooLong = input.trim().length > COACH_MESSAGE_MAX_CHARS;
  return (
    <form className={styles.form} onSubmit={send}>
      <label htmlFor={inputId} className="visually-hidden">
        <FormattedMessage id="coach.chat.inputLabel" />
      </label>
      <textarea
        id={inputId}
        className={clsx(inputStyles.input, styles.input)}
        rows={2}
        maxLength={COACH_MESSAGE_MAX_CHARS}
        aria-describedby={counterId}
        placeholder={intl.formatMessage({ id: 'coach.chat.placeholder' })}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      <Button type="submit" disabled={busy || input.trim() === '' || tooLong}>
        <FormattedMessage id="coach.chat.send" />
      </Button>
      <span id={counterId} className={styles.counter}>
        <FormattedMessage
          id="coach.chat.counter"
          values={{ count: input.length, max: COACH_MESSAGE_MAX_CHARS }}
        />
      </span>
    </form>
  );
}
