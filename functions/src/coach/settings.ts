/** The coach's model configuration: the stack sets it in AWS, the local cloud points it at its emulator. */
export interface CoachModelSettings {
  modelId: string;
  /** BEDROCK_ENDPOINT: another Bedrock Runtime endpoint (the local emulator); unset means AWS's regional one. */
  endpoint: string | undefined;
  guardrail: { id: string; version: string } | undefined;
}

export function coachModelSettings(): CoachModelSettings {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (!modelId) throw new Error('BEDROCK_MODEL_ID is not set');
  const guardrailId = process.env.BEDROCK_GUARDRAIL_ID;
  return {
    modelId,
    endpoint: process.env.BEDROCK_ENDPOINT || undefined,
    guardrail: guardrailId
      ? { id: guardrailId, version: process.env.BEDROCK_GUARDRAIL_VERSION || 'DRAFT' }
      : undefined,
  };
}
