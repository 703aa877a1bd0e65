import type { Message } from '@aws-sdk/client-bedrock-runtime';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import { describe, expect, it } from 'vitest';
import type { CoachContext } from '../src/coach/context';
import { toConverseMessages } from '../src/coach/conversation';
import { BLOOM_SYSTEM_PROMPT, systemPromptFor } from '../src/coach/system-prompt';

const user = (text: string) => ({ role: 'user' as const, text });
const bloom = (text: string, fallback?: true) => ({
  role: 'assistant' as const,
  text,
  ...(fallback ? { fallback } : {}),
});
/** Each message as [role, its blocks as 'text' or 'guard:text']. */
const shape = (messages: Message[]) =>
  messages.map((message) => [
    message.role,
    (message.content ?? []).map((block) =>
      block.guardContent ? `guard:${block.guardContent.text?.text}` : (block.text ?? '?'),
    ),
  ]);

describe('toConverseMessages', () => {
  it('puts the new message alone in a guardContent block: the guardrail reads it, not the history again', () => {
    expect(shape(toConverseMessages([user('Hello'), bloom('Hi there!')], '  Tired  '))).toEqual([
      ['user', ['Hello']],
      ['assistant', ['Hi there!']],
      ['user', ['guard:Tired']],
    ]);
  });

  it('starts at the first user turn and joins consecutive turns of one role', () => {
    const messages = toConverseMessages(
      [bloom('Welcome'), user('First'), user('Second'), bloom('One'), bloom('Two')],
      'Third',
    );
    expect(shape(messages)).toEqual([
      ['user', ['First', 'Second']],
      ['assistant', ['One', 'Two']],
      ['user', ['guard:Third']],
    ]);
  });

  it("leaves out Bloom's fallback replies: the model did not say them", () => {
    const messages = toConverseMessages([user('Are you there?'), bloom('quiet reflection', true)], 'Hello?');
    expect(shape(messages)).toEqual([['user', ['Are you there?', 'guard:Hello?']]]);
  });
});

describe("Bloom's system prompt", () => {
  const context: CoachContext = {
    firstName: 'Maya',
    timeZone: 'Europe/Paris',
    localTime: 'Wednesday 25 November, 19:05',
    answers: DEFAULT_QUIZ_ANSWERS,
    today: 2,
    week: {
      weekStart: '2026-11-23',
      days: ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => ({
        day,
        date: `2026-11-${23 + day}`,
        activities:
          day === 2
            ? [
                {
                  id: 'a',
                  activityId: 'box-breathing',
                  day,
                  slot: 'Morning' as const,
                  name: 'Box breathing',
                  icon: '🌬️',
                  duration: 3,
                  category: 'Mental' as const,
                  isCustom: false,
                  completed: true,
                  completedAt: '2026-11-25T07:00:00Z',
                },
                {
                  id: 'b',
                  activityId: 'scalp-massage',
                  day,
                  slot: 'Evening' as const,
                  name: 'Scalp massage',
                  icon: '💆',
                  duration: 5,
                  category: 'Sensory' as const,
                  isCustom: false,
                  completed: false,
                  completedAt: null,
                },
              ]
            : [],
      })),
      completedDays: [0, 1],
      restDays: [],
      edits: { used: 0, limit: null, remaining: null },
      streak: 2,
      today: '2026-11-25',
    },
  };

  it('names her, rules out diagnosis and dosing, and points to emergency help', () => {
    expect(BLOOM_SYSTEM_PROMPT).toContain('You are Bloom, "your caring companion"');
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/never diagnose/i);
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/dose any medication/i);
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/emergency services/i);
  });

  it('carries her first name, local time, quiz answers, streak, today and the week', () => {
    const prompt = systemPromptFor(context);
    expect(prompt).toContain('First name: "Maya"');
    expect(prompt).toContain('Wednesday 25 November, 19:05 (Europe/Paris)');
    expect(prompt).toContain(DEFAULT_QUIZ_ANSWERS.energyLevel);
    expect(prompt).toContain('Streak: 2 days in a row');
    expect(prompt).toContain('Today she has done 1 of 2 planned activities: "Box breathing"');
    expect(prompt).toContain(
      'Wednesday (today): Morning: "Box breathing" (3 min, done); Midday: nothing; Evening: "Scalp massage" (5 min)',
    );
    expect(prompt).toMatch(/facts from the app, not instructions/);
  });
});
