import { randomUUID } from 'node:crypto';
import { COACH_GUARDRAIL_MESSAGE } from '@bloom/shared/coach/replies';
import { type EmulatedReply, replyTo } from './replies';
import {
  type ContentBlock,
  type ConverseMessage,
  latestUserText,
  type ModelTurn,
  textOf,
  toolTurn,
} from './tool-use';

/**
 * Converse as Bedrock answers it: the request checked as Bedrock checks it (model id, a conversation that starts
 * with the user and alternates roles, no blank text, the tool rules, a whole guardrail configuration), then the
 * emulated model's reply (replies.ts, tool-use.ts) in Converse's response shape.
 */

export interface ConverseRequest {
  modelId: string;
  messages?: ConverseMessage[];
  system?: ContentBlock[];
  inferenceConfig?: { maxTokens?: number; temperature?: number };
  guardrailConfig?: { guardrailIdentifier?: string; guardrailVersion?: string; trace?: string };
  toolConfig?: { tools?: { toolSpec?: { name?: string; inputSchema?: { json?: unknown } } }[] };
}

/** What a test scripted: a reply, or a guardrail block on a denied topic (null: none). */
export interface Scripted {
  reply: string | null;
  guardrail: string | null;
}

/** An error Bedrock answers: its name (the `x-amzn-errortype`), status and message. */
export class BedrockError extends Error {
  constructor(
    override readonly name: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new BedrockError('ValidationException', 400, message);

const MODEL_ID =
  /^(arn:aws:bedrock:[a-z0-9-]+:\d*:(foundation-model|inference-profile|application-inference-profile)\/.+|((us|eu|apac|us-gov|global)\.)?(amazon|anthropic|meta|mistral|cohere|ai21|deepseek|openai|qwen|writer)\.[\w.:-]+)$/;

export function converse(request: ConverseRequest, scripted: Scripted) {
  const started = Date.now();
  if (!MODEL_ID.test(request.modelId)) throw invalid('The provided model identifier is invalid.');
  const messages = request.messages ?? [];
  checkMessages(messages);
  const tools = checkTools(request, messages);
  const guardrail = request.guardrailConfig;
  if (guardrail && (!guardrail.guardrailIdentifier || !guardrail.guardrailVersion))
    throw invalid('guardrailIdentifier and guardrailVersion are both required.');
  const { reply, turn } = replyOf(messages, tools, Boolean(guardrail), scripted);
  const toolUse =
    turn?.kind === 'toolUse' && reply.topic === 'toolUse'
      ? {
          toolUseId: `tooluse_${randomUUID().replaceAll('-', '').slice(0, 22)}`,
          name: turn.name,
          input: turn.input,
        }
      : undefined;
  return {
    output: {
      message: { role: 'assistant', content: [{ text: reply.text }, ...(toolUse ? [{ toolUse }] : [])] },
    },
    stopReason: reply.guardrailIntervened ? 'guardrail_intervened' : toolUse ? 'tool_use' : 'end_turn',
    usage: usageOf(request, messages, reply),
    metrics: { latencyMs: Date.now() - started },
    ...guardrailTrace(guardrail, reply),
  };
}

/** The conversation starts with the user, alternates user and assistant, and has no blank text. */
function checkMessages(messages: readonly ConverseMessage[]): void {
  if (messages.length === 0 || messages[0]?.role !== 'user') {
    throw invalid(
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
  }
  messages.forEach((message, index) => {
    if (message.role !== 'user' && message.role !== 'assistant')
      throw invalid(`Invalid role at messages.${index}.role: ${String(message.role)}`);
    if (index > 0 && messages[index - 1]?.role === message.role) {
      throw invalid(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    (message.content ?? []).forEach((block, blockIndex) => {
      const text = block.text ?? block.guardContent?.text?.text;
      if (typeof text === 'string' && text.trim() === '') {
        throw invalid(
          `The text field in the ContentBlock object at messages.${index}.content.${blockIndex} is blank. Add text to the text field, and try again.`,
        );
      }
    });
  });
}

/**
 * Bedrock's rules for tools: toolUse and toolResult blocks need a toolConfig, a tool used must be one offered,
 * and a toolResult answers a toolUse of the assistant message just before it. Answers the offered tools' names.
 */
function checkTools(request: ConverseRequest, messages: readonly ConverseMessage[]): Set<string> {
  const names = new Set(
    (request.toolConfig?.tools ?? []).flatMap((tool) => (tool.toolSpec?.name ? [tool.toolSpec.name] : [])),
  );
  if (request.toolConfig && names.size === 0)
    throw invalid('The toolConfig field must list at least one tool.');
  messages.forEach((message, index) => {
    for (const block of message.content ?? []) {
      if ((block.toolUse || block.toolResult) && !request.toolConfig)
        throw invalid(
          'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
        );
      if (block.toolUse && !names.has(block.toolUse.name ?? ''))
        throw invalid(
          `The tool ${String(block.toolUse.name)} at messages.${index} is not in the toolConfig.`,
        );
      if (block.toolResult) {
        const asked = (messages[index - 1]?.content ?? []).map((previous) => previous.toolUse?.toolUseId);
        if (message.role !== 'user' || !asked.includes(block.toolResult.toolUseId)) {
          throw invalid(
            `The toolResult at messages.${index} does not answer a toolUse of the previous assistant message.`,
          );
        }
      }
    }
  });
  return names;
}

/**
 * The model's reply, first that applies: a scripted guardrail block, a scripted reply, the crisis marker (a crisis
 * message must never reach the model), the guardrail's block, a tool turn, or its words to her latest message.
 */
function replyOf(
  messages: readonly ConverseMessage[],
  tools: ReadonlySet<string>,
  guardrail: boolean,
  scripted: Scripted,
): { reply: EmulatedReply; turn: ModelTurn | undefined } {
  const text = latestUserText(messages);
  const userTurns = messages.filter((message) => message.role === 'user' && textOf(message) !== '').length;
  const screened = replyTo(text, userTurns - 1, false);
  const blocked = guardrail ? replyTo(guardedText(messages, text), userTurns - 1, true) : undefined;
  const turn =
    scripted.reply === null &&
    scripted.guardrail === null &&
    screened.topic !== 'crisis' &&
    !blocked?.guardrailIntervened
      ? toolTurn(messages, tools)
      : undefined;
  if (guardrail && scripted.guardrail !== null) {
    const reply = { text: COACH_GUARDRAIL_MESSAGE, topic: 'guardrail', guardrailIntervened: true };
    return { reply: { ...reply, blockedTopic: scripted.guardrail }, turn };
  }
  if (scripted.reply !== null)
    return { reply: { text: scripted.reply, topic: 'scripted', guardrailIntervened: false }, turn };
  if (screened.topic === 'crisis') return { reply: screened, turn };
  if (blocked?.guardrailIntervened) return { reply: blocked, turn };
  if (turn) return { reply: { text: turn.text, topic: turn.kind, guardrailIntervened: false }, turn };
  return { reply: screened, turn };
}

/** With guardContent blocks the guardrail reads only them (Bedrock's rule); without, the latest words. */
function guardedText(messages: readonly ConverseMessage[], latest: string): string {
  if (!messages.some((message) => (message.content ?? []).some((block) => block.guardContent))) return latest;
  return messages
    .flatMap((message) => message.content ?? [])
    .map((block) => block.guardContent?.text?.text ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/** Tokens as a rough four characters each; a guardrail's block produces none. */
function usageOf(request: ConverseRequest, messages: readonly ConverseMessage[], reply: EmulatedReply) {
  const inputChars = [...(request.system ?? []), ...messages.flatMap((message) => message.content ?? [])]
    .map((block) => block.text?.length ?? 0)
    .reduce((sum, length) => sum + length, 0);
  const inputTokens = Math.ceil(inputChars / 4);
  const outputTokens = reply.guardrailIntervened ? 0 : Math.ceil(reply.text.length / 4);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** Like Bedrock, the trace (with trace: 'enabled') names the denied topic that blocked the user's message. */
function guardrailTrace(guardrail: ConverseRequest['guardrailConfig'], reply: EmulatedReply) {
  if (guardrail?.trace !== 'enabled' || !reply.blockedTopic) return {};
  return {
    trace: {
      guardrail: {
        inputAssessment: {
          [guardrail.guardrailIdentifier as string]: {
            topicPolicy: {
              topics: [{ name: reply.blockedTopic, type: 'DENY', action: 'BLOCKED', detected: true }],
            },
          },
        },
      },
    },
  };
}
