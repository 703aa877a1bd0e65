import { ConverseCommand, type ConverseTrace, type Message } from '@aws-sdk/client-bedrock-runtime';
import { bedrockRuntimeClient } from '../aws/bedrock-runtime';
import { coachModelSettings } from './settings';
import { BLOOM_SYSTEM_PROMPT } from './system-prompt';

export interface ModelReply {
  /** The reply's text, '' when the model said nothing. */
  text: string;
  /** True when the guardrail replaced the model's words with its own blocked message. */
  guardrailIntervened: boolean;
  /** The guardrail's denied topics that blocked this turn, in the user's message or the model's reply. */
  blockedTopics: string[];
}

/** One Converse call with Bloom's system prompt and, when configured, the coach's guardrail. */
export async function converse(messages: Message[]): Promise<ModelReply> {
  const settings = coachModelSettings();
  const result = await bedrockRuntimeClient().send(
    new ConverseCommand({
      modelId: settings.modelId,
      system: [{ text: BLOOM_SYSTEM_PROMPT }],
      messages,
      inferenceConfig: { maxTokens: 400, temperature: 0.7 },
      ...(settings.guardrail
        ? {
            guardrailConfig: {
              guardrailIdentifier: settings.guardrail.id,
              guardrailVersion: settings.guardrail.version,
              // The trace names the topic that blocked, so a self-harm block can end in the crisis reply.
              trace: 'enabled',
            },
          }
        : {}),
    }),
  );
  const text = (result.output?.message?.content ?? [])
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
