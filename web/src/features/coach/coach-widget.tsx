import type { CrisisSupport } from '@bloom/shared/coach/crisis-support';
import type { ChatTurn } from '@bloom/shared/coach/messages';
import { boundHistory, COACH_MESSAGE_MAX_CHARS } from '@bloom/shared/coach/messages';
import type { Tier } from '@bloom/shared/planner/types';
import { SITE_PAGES } from '@bloom/shared/site/pages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { type BloomApi, newActionKey } from '../../lib/api';
import {
  COACH_DISCLOSURE,
  COACH_EMPTY_REPLY,
  COACH_FAILURE_REPLY,
  COACH_GREETING,
  COACH_SAFETY_LINK,
} from './coach-copy';
import { CoachLauncher } from './coach-launcher';
import { CrisisMessage } from './crisis-message';
import './coach.css';

export interface ChatMessage {
  id: number;
  text: string;
  isBot: boolean;
  timestamp: Date;
  /** Set on Bloom's crisis reply: the numbers in `text`, rendered as links. */
  crisis?: CrisisSupport;
}

interface CoachWidgetProps {
  tier: Tier | null;
  sendMessage: BloomApi['sendCoachMessage'];
  /** Opens with the panel showing (she pressed the button before the coach's code had loaded). */
  initiallyOpen?: boolean;
}

let nextId = 1;
const message = (text: string, isBot: boolean, crisis?: CrisisSupport): ChatMessage => ({
  id: nextId++,
  text,
  isBot,
  timestamp: new Date(),
  ...(crisis ? { crisis } : {}),
});

/** The floating Bloom button and its panel: the coach for Pro, an invitation to Pro for everyone else. */
export function CoachWidget({ tier, sendMessage, initiallyOpen = false }: CoachWidgetProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message(COACH_GREETING, true)]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The message box, or the Pro invitation's action: not the disclosure's link above them.
    (
      panel.current?.querySelector<HTMLElement>('textarea') ??
      panel.current?.querySelector<HTMLElement>('.coach-panel__locked a, .coach-panel__locked button')
    )?.focus();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever one arrives
  useEffect(() => {
    const last = list.current?.lastElementChild;
    if (last && typeof last.scrollIntoView === 'function') last.scrollIntoView({ block: 'end' });
  }, [messages, pending]);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = input.trim();
    if (pending || text === '') return;
    // The greeting is the widget's own words, not the coach's, so it is not sent as history.
    const history: ChatTurn[] = boundHistory(
      messages
        .filter((entry) => entry.text !== COACH_GREETING)
        .map((entry) => ({ role: entry.isBot ? 'assistant' : 'user', content: entry.text })),
    );
    setMessages((current) => [...current, message(text, false)]);
    setInput('');
    setPending(true);
    try {
      const reply = await sendMessage(newActionKey(), text, history);
      const answer = reply.message?.trim() ? reply.message.trim() : COACH_EMPTY_REPLY;
      setMessages((current) => [...current, message(answer, true, reply.crisis)]);
    } catch {
      setMessages((current) => [...current, message(COACH_FAILURE_REPLY, true)]);
    } finally {
      setPending(false);
    }
  };

  return (
    <CoachLauncher
      ref={launcher}
      open={open}
      onToggle={() => (open ? close() : setOpen(true))}
      controls={open ? panelId : undefined}
    >
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="coach-panel"
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <header className="coach-panel__header">
            <span className="coach-panel__avatar" aria-hidden="true">
              🌸
            </span>
            <div>
              <h2 id={titleId} className="coach-panel__title">
                Bloom
              </h2>
              <p className="coach-panel__subtitle">Your caring companion</p>
            </div>
            <button type="button" className="coach-panel__close" aria-label="Close chat" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <p className="coach-panel__disclosure">
            {COACH_DISCLOSURE} {/* A new tab, so the conversation stays where she left it. */}
            <Link to={SITE_PAGES.safety} target="_blank" rel="noopener">
              {COACH_SAFETY_LINK}
            </Link>
          </p>

          {tier === null ? (
            // Her plan is still loading: neither the coach nor the Pro invitation, so a Pro user never sees
            // "Pro Feature" flash by.
            <div className="coach-panel__locked" role="status">
              <span className="spinner" aria-hidden="true" />
              <p>Getting Bloom ready...</p>
            </div>
          ) : tier === 'pro' ? (
            <>
              <ol ref={list} className="coach-panel__messages" aria-live="polite" aria-label="Conversation">
                {messages.map((entry) => (
                  <li
                    key={entry.id}
                    className={`coach-message coach-message--${entry.isBot ? 'bot' : 'user'}${entry.crisis ? ' coach-message--crisis' : ''}`}
                  >
                    <span className="visually-hidden">{entry.isBot ? 'Bloom: ' : 'You: '}</span>
                    {entry.crisis ? <CrisisMessage text={entry.text} crisis={entry.crisis} /> : entry.text}
                  </li>
                ))}
                {pending ? (
                  <li className="coach-message coach-message--bot coach-message--pending">
                    Bloom is thinking...
                  </li>
                ) : null}
              </ol>
              <form className="coach-panel__form" onSubmit={send}>
                <label htmlFor={inputId} className="visually-hidden">
                  Message to Bloom
                </label>
                <textarea
                  id={inputId}
                  className="planner-input coach-panel__input"
                  rows={2}
                  maxLength={COACH_MESSAGE_MAX_CHARS}
                  placeholder="Share what's on your mind..."
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey) {
                      event.preventDefault();
                      void send();
                    }
                  }}
                />
                <Button type="submit" disabled={pending || input.trim() === ''}>
                  Send
                </Button>
              </form>
            </>
          ) : (
            <div className="coach-panel__locked">
              <p className="coach-panel__locked-title">Pro Feature</p>
              <p>
                Chatting with Bloom, your caring companion, is part of Bloom Pro: gentle, personal support
                whenever you need it.
              </p>
              <ButtonLink to="/pricing">Upgrade to Pro</ButtonLink>
            </div>
          )}
        </div>
      ) : null}
    </CoachLauncher>
  );
}
