/**
 * How the emulator's "model" uses tools, driven only by the request as a model is: the tools the request offers
 * (toolConfig), what she asked in her latest message, and the tool results in the conversation. It knows no
 * product code: it reads the tools' names and the JSON results it is given, nothing else.
 *
 * Asked for something to do ("something calming for this evening", "add a stretch to my morning"), it calls
 * `suggest_activities` with the slot, vibe, energy and minutes it read; given suggestions and a slot, it calls
 * `add_activity_to_plan` with the first suggestion's id; given the add's result, it says what was added, or why
 * not in the result's own words.
 */

export interface ContentBlock {
  text?: string;
  guardContent?: { text?: { text?: string } };
  toolUse?: { toolUseId?: string; name?: string; input?: unknown };
  toolResult?: { toolUseId?: string; content?: { json?: unknown; text?: string }[]; status?: string };
}
export interface ConverseMessage {
  role?: string;
  content?: ContentBlock[];
}

export type ModelTurn =
  | { kind: 'text'; text: string }
  | { kind: 'toolUse'; text: string; name: string; input: Record<string, unknown> };

const SLOT_WORDS: readonly [RegExp, string][] = [
  [/\b(tonight|evening|bedtime|before bed|night)\b/i, 'Evening'],
  [/\b(midday|noon|lunch\w*|afternoon)\b/i, 'Midday'],
  [/\bmorning\b/i, 'Morning'],
];
const VIBE_WORDS: readonly [RegExp, string][] = [
  [/\b(calm\w*|relax\w*|sooth\w*|unwind\w*|peaceful|quiet|wind down)\b/i, 'calm'],
  [/\b(energi\w*|boost|wake me up|pick[- ]me[- ]up)\b/i, 'energizing'],
  [/\b(cozy|cosy|comfort\w*)\b/i, 'cozy'],
  [/\b(fun|playful)\b/i, 'playful'],
];
const ASKS_FOR_ACTIVITY =
  /\b(add|put|schedule|plan)\b.*\b(plan|today|tonight|evening|morning|midday|lunch)\b|\b(something|anything|an activity|a ritual|ideas?)\b.*\b(calm\w*|relax\w*|sooth\w*|unwind\w*|cozy|cosy|energi\w*|to do|for (tonight|this evening|this morning|lunch|midday))\b/i;

/** The text of a message's text and guardContent blocks. */
export function textOf(message: ConverseMessage | undefined): string {
  return (message?.content ?? [])
    .map((block) => block.text ?? block.guardContent?.text?.text ?? '')
    .filter((text) => text !== '')
    .join(' ');
}

/** Her latest words: the last user message that is not only tool results. */
export function latestUserText(messages: readonly ConverseMessage[]): string {
  const spoken = messages.filter((message) => message.role === 'user' && textOf(message) !== '');
  return textOf(spoken.at(-1));
}

/** The model's next turn when tools are in play, or undefined when it would just talk. */
export function toolTurn(
  messages: readonly ConverseMessage[],
  tools: ReadonlySet<string>,
): ModelTurn | undefined {
  const asked = latestUserText(messages);
  const slot = SLOT_WORDS.find(([pattern]) => pattern.test(asked))?.[1];
  const last = messages.at(-1);
  const results = (last?.content ?? []).flatMap((block) => (block.toolResult ? [block.toolResult] : []));
  if (last?.role === 'user' && results.length > 0) {
    const calls = (messages.at(-2)?.content ?? []).flatMap((block) => (block.toolUse ? [block.toolUse] : []));
    const result = results[0] as NonNullable<ContentBlock['toolResult']>;
    const name = calls.find((call) => call.toolUseId === result.toolUseId)?.name;
    const json = (result.content?.find((block) => block.json !== undefined)?.json ?? {}) as Record<
      string,
      unknown
    >;
    if (result.status === 'error') {
      return {
        kind: 'text',
        text: `I'm sorry, I couldn't do that just now: ${String(json.error ?? 'something went wrong')} 🌸`,
      };
    }
    if (name === 'suggest_activities') {
      const found = (json.activities ?? []) as {
        id: string;
        name: string;
        icon?: string;
        minutes?: number;
      }[];
      const first = found[0];
      if (!first) {
        return {
          kind: 'text',
          text: "I looked, but nothing in Bloom's library fits that right now. Shall we try a different time of day? 🌸",
        };
      }
      if (slot && tools.has('add_activity_to_plan')) {
        return {
          kind: 'toolUse',
          text: `${first.name} sounds just right. Let me add it for you.`,
          name: 'add_activity_to_plan',
          input: { activityId: first.id, slot },
        };
      }
      return {
        kind: 'text',
        text: `Here are a few gentle ideas: ${found
          .slice(0, 3)
          .map((entry) => entry.name)
          .join(', ')}. Would you like me to add one to your plan? 🌸`,
      };
    }
    if (name === 'add_activity_to_plan') {
      const added = (json.added ?? {}) as { name?: string; icon?: string; slot?: string; day?: string };
      const when = json.isToday
        ? `this ${String(added.slot).toLowerCase()}`
        : `on ${added.day}, ${String(added.slot).toLowerCase()}`;
      return {
        kind: 'text',
        text: `Done! I've added ${added.icon ? `${added.icon} ` : ''}${added.name} to your plan for ${when}. Enjoy that quiet moment for yourself. 🌙`,
      };
    }
    return { kind: 'text', text: 'Thank you, that helps. How are you feeling right now? 🌸' };
  }
  if (!tools.has('suggest_activities') || !ASKS_FOR_ACTIVITY.test(asked)) return undefined;
  const vibe = VIBE_WORDS.find(([pattern]) => pattern.test(asked))?.[1];
  const minutes = /\b(\d{1,3})\s*(min|minutes?)\b/i.exec(asked)?.[1];
  return {
    kind: 'toolUse',
    text: 'Let me look at what could fit.',
    name: 'suggest_activities',
    input: {
      ...(slot ? { slot } : {}),
      ...(vibe ? { vibe } : {}),
      ...(vibe === 'calm' || vibe === 'cozy' ? { energy: 'low' } : {}),
      ...(minutes ? { maxMinutes: Number(minutes) } : {}),
    },
  };
}
