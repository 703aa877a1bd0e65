import {
  type ContentBlock,
  ConverseCommand,
  type ConverseCommandOutput,
  type ConverseTrace,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
import { bedrockRuntimeClient } from '../aws/bedrock-runtime';
import type { CoachModelSettings } from './settings';
import { COACH_TOOL_SPECS, type ToolOutcome } from './tools';

/** The whole reply, every tool round included, within this: the function (25 s) answers well before its end. */
export const COACH_REPLY_BUDGET_MS = 20_000;
/** Model → tool → model at most this many times for one message; then the model answers with what it has. */
export const MAX_TOOL_ROUNDS = 3;

export interface ModelReply {
  /** The reply's text, '' when the model said nothing. */
  text: string;
  /** True when the guardrail replaced the model's words with its own blocked message. */
  guardrailIntervened: boolean;
  /** The guardrail's denied topics that blocked this turn, in the user's message or the model's reply. */
  blockedTopics: string[];
}

export type RunTool = (name: string | undefined, input: unknown) => Promise<ToolOutcome>;

/**
 * Bloom's answer to a conversation: Converse with her system prompt, the guardrail and the tools, looping
 * model → toolUse → run the tools → toolResult → model, for at most MAX_TOOL_ROUNDS rounds and within
 * COACH_REPLY_BUDGET_MS (a slower model is aborted: the caller answers with the fallback message).
 */
export async function converse(
  settings: CoachModelSettings,
  system: string,
  conversation: Message[],
  runTool: RunTool,
): Promise<ModelReply> {
  const abortSignal = AbortSignal.timeout(COACH_REPLY_BUDGET_MS);
  const messages = [...conversation];
  for (let round = 0; ; round++) {
    const result = await bedrockRuntimeClient().send(
      new ConverseCommand({
        modelId: settings.modelId,
        system: [{ text: system }],
        messages,
        inferenceConfig: { maxTokens: 500, temperature: 0.7 },
        toolConfig: { tools: COACH_TOOL_SPECS },
        guardrailConfig: {
          guardrailIdentifier: settings.guardrail.id,
          guardrailVersion: settings.guardrail.version,
          // The trace names the topic that blocked, so a self-harm block can end in the crisis reply.
          trace: 'enabled',
        },
      }),
      { abortSignal },
    );
    const content = result.output?.message?.content ?? [];
    const toolUses = content.flatMap((block) => (block.toolUse ? [block.toolUse] : []));
    if (result.stopReason !== 'tool_use' || toolUses.length === 0 || round >= MAX_TOOL_ROUNDS) {
      return replyOf(result, content);
    }
    messages.push({ role: 'assistant', content });
    const results: ContentBlock[] = [];
    // One after another: two adds to one slot must see each other.
    for (const toolUse of toolUses) {
      const outcome = await runTool(toolUse.name, toolUse.input);
      results.push({
        toolResult: {
          toolUseId: toolUse.toolUseId,
          content: [{ json: outcome.json as DocumentType }],
          status: outcome.status,
        },
      });
    }
    messages.push({ role: 'user', content: results });
  }
}

function replyOf(result: ConverseCommandOutput, content: ContentBlock[]): ModelReply {
  const text = content
    .map((block) => block.text ?? '')
    .join('')
    .trim();
  const guardrailIntervened = result.stopReason === 'guardrail_intervened';
  return { text, guardrailIntervened, blockedTopics: guardrailIntervened ? blockedTopics(result.trace) : [] };
}

function blockedTopics(trace: ConverseTrace | undefined): string[] {
  const assessment = trace?.guardrail;
  const assessments = [
    ...Object.values(assessment?.inputAssessment ?? {}),
    ...Object.values(assessment?.outputAssessments ?? {}).flat(),
  ];
  return assessments
    .flatMap((entry) => entry.topicPolicy?.topics ?? [])
    .filter((topic) => topic.action === 'BLOCKED' && topic.name)
    .map((topic) => topic.name as string);
}
