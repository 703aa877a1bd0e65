import type { ContentBlock, Message } from '@aws-sdk/client-bedrock-runtime';
import type { ChatRole } from '@bloom/shared/coach/messages';
import type { StoredTurn } from './history';

/**
 * The conversation the model is given: the turns Bloom stored herself (history.ts), then her new message.
 *
 * - The new message goes in a `guardContent` block: the guardrail reads only it, not the whole history again.
 * - Bloom's fallback replies are left out (she did not say them as herself), crisis turns never come here.
 * - Converse wants a conversation that starts with the user and alternates roles: turns before the first user
 *   turn are dropped and consecutive turns of one role are joined.
 */
export function toConverseMessages(
  history: readonly Pick<StoredTurn, 'role' | 'text' | 'fallback'>[],
  message: string,
): Message[] {
  const turns: { role: ChatRole; content: ContentBlock[] }[] = [
    ...history
      .filter((turn) => !turn.fallback && turn.text.trim() !== '')
      .map((turn) => ({ role: turn.role, content: [{ text: turn.text.trim() }] as ContentBlock[] })),
    { role: 'user', content: [{ guardContent: { text: { text: message.trim() } } }] },
  ];
  const firstUser = turns.findIndex((turn) => turn.role === 'user');
  const merged: typeof turns = [];
  for (const turn of turns.slice(firstUser)) {
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.content = [...last.content, ...turn.content];
    else merged.push({ ...turn });
  }
  return merged;
}
