/** The coach's model configuration: the stack sets it in AWS, the local cloud sets its emulator's. */
export interface CoachModelSettings {
  modelId: string;
  guardrail: { id: string; version: string } | undefined;
}

export function coachModelSettings(): CoachModelSettings {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (!modelId) throw new Error('BEDROCK_MODEL_ID is not set');
  const guardrailId = process.env.BEDROCK_GUARDRAIL_ID;
  return {
    modelId,
    guardrail: guardrailId
      ? { id: guardrailId, version: process.env.BEDROCK_GUARDRAIL_VERSION || 'DRAFT' }
      : undefined,
  };
}
