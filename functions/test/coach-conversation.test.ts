import { boundHistory, type ChatTurn } from '@bloom/shared/coach/messages';
import { describe, expect, it } from 'vitest';
import { toConverseMessages } from '../src/coach/conversation';
import { BLOOM_SYSTEM_PROMPT } from '../src/coach/system-prompt';

const user = (content: string): ChatTurn => ({ role: 'user', content });
const bloom = (content: string): ChatTurn => ({ role: 'assistant', content });
const text = (messages: ReturnType<typeof toConverseMessages>) =>
  messages.map((message) => [message.role, message.content?.map((block) => block.text).join('')]);

describe('boundHistory', () => {
  it('keeps the most recent turns, oldest first, up to the entry limit', () => {
    const history = Array.from({ length: 30 }, (_, index) =>
      index % 2 ? bloom(`b${index}`) : user(`u${index}`),
    );
    const kept = boundHistory(history, 20);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.content).toBe('u10');
    expect(kept.at(-1)?.content).toBe('b29');
  });

  it('stops before the turn that would pass the character budget', () => {
    const kept = boundHistory([user('a'.repeat(50)), bloom('b'.repeat(30)), user('c'.repeat(30))], 20, 70);
    expect(kept.map((turn) => turn.content[0])).toEqual(['b', 'c']);
  });

  it('drops blank turns and trims the others', () => {
    expect(boundHistory([user('  hi  '), bloom('   '), user('\n')])).toEqual([user('hi')]);
  });
});

describe('toConverseMessages', () => {
  it('starts at the first user turn: a greeting from Bloom before it is dropped', () => {
    const messages = toConverseMessages(
      [bloom('Hi, I am Bloom'), user('Hello'), bloom('How are you?')],
      'Tired',
    );
    expect(text(messages)).toEqual([
      ['user', 'Hello'],
      ['assistant', 'How are you?'],
      ['user', 'Tired'],
    ]);
  });

  it('joins consecutive turns of one role so that roles alternate', () => {
    const messages = toConverseMessages([user('First'), user('Second'), bloom('One'), bloom('Two')], 'Third');
    expect(text(messages)).toEqual([
      ['user', 'First\n\nSecond'],
      ['assistant', 'One\n\nTwo'],
      ['user', 'Third'],
    ]);
  });

  it('appends the new message to a history that ends with the user', () => {
    expect(text(toConverseMessages([user('Are you there?')], '  Hello?  '))).toEqual([
      ['user', 'Are you there?\n\nHello?'],
    ]);
  });

  it('sends the message alone when there is no history', () => {
    expect(text(toConverseMessages([], 'Hi'))).toEqual([['user', 'Hi']]);
  });
});

describe("Bloom's system prompt", () => {
  it('names her, rules out diagnosis and dosing, and points to emergency help', () => {
    expect(BLOOM_SYSTEM_PROMPT).toContain('You are Bloom, "your caring companion"');
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/never diagnose/i);
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/dose any medication/i);
    expect(BLOOM_SYSTEM_PROMPT).toMatch(/emergency services/i);
  });
});
