import type { Message } from '@aws-sdk/client-bedrock-runtime';
import { boundHistory, type ChatTurn } from '@bloom/shared/coach/messages';

/**
 * The Converse API wants a conversation that starts with the user and alternates roles. The web's history may
 * open with Bloom's greeting or hold two user messages in a row (a reply that failed): greetings before the
 * first user turn are dropped and consecutive turns of one role are joined.
 */
export function toConverseMessages(history: readonly ChatTurn[], message: string): Message[] {
  const turns = [...boundHistory(history), { role: 'user' as const, content: message.trim() }];
  const firstUser = turns.findIndex((turn) => turn.role === 'user');
  const merged: { role: ChatTurn['role']; content: string }[] = [];
  for (const turn of turns.slice(firstUser)) {
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else merged.push({ ...turn });
  }
  return merged.map((turn) => ({ role: turn.role, content: [{ text: turn.content }] }));
}
