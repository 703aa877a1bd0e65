/** The coach's model configuration: the stack sets it in AWS, the local cloud sets its emulator's. */
export interface CoachModelSettings {
  modelId: string;
  guardrail: { id: string; version: string };
}

/**
 * Read when the coach's function starts (handlers/coach/send-message.ts): fail closed. Without a model or a
 * guardrail the function refuses to start, so no message can ever reach a model unguarded.
 */
export function coachModelSettings(env: NodeJS.ProcessEnv = process.env): CoachModelSettings {
  const modelId = env.BEDROCK_MODEL_ID;
  if (!modelId) throw new Error('BEDROCK_MODEL_ID is not set: the coach does not start without a model');
  const guardrailId = env.BEDROCK_GUARDRAIL_ID;
  const guardrailVersion = env.BEDROCK_GUARDRAIL_VERSION;
  if (!guardrailId || !guardrailVersion) {
    throw new Error(
      'BEDROCK_GUARDRAIL_ID and BEDROCK_GUARDRAIL_VERSION must be set: the coach does not start without its guardrail',
    );
  }
  return { modelId, guardrail: { id: guardrailId, version: guardrailVersion } };
}
