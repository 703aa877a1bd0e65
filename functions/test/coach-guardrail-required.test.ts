import { afterEach, describe, expect, it, vi } from 'vitest';
import { coachModelSettings } from '../src/coach/settings';

/** Fail closed: the coach's function does not start without its guardrail, so no message reaches a bare model. */
describe('the coach without a configured guardrail', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const configured = {
    BEDROCK_MODEL_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
    BEDROCK_GUARDRAIL_ID: 'abc123',
    BEDROCK_GUARDRAIL_VERSION: '3',
  };

  it('reads the model and its guardrail when both are set', () => {
    expect(coachModelSettings(configured)).toEqual({
      modelId: configured.BEDROCK_MODEL_ID,
      guardrail: { id: 'abc123', version: '3' },
    });
  });

  it.each([
    ['no guardrail id', { ...configured, BEDROCK_GUARDRAIL_ID: '' }],
    ['no guardrail version', { ...configured, BEDROCK_GUARDRAIL_VERSION: undefined }],
    ['no model', { ...configured, BEDROCK_MODEL_ID: '' }],
  ])('refuses to read its settings with %s', (_case, env) => {
    expect(() => coachModelSettings(env)).toThrow(/does not start/);
  });

  it('refuses to start: loading the send-message function throws', async () => {
    vi.stubEnv('BEDROCK_MODEL_ID', configured.BEDROCK_MODEL_ID);
    vi.stubEnv('BEDROCK_GUARDRAIL_ID', '');
    vi.stubEnv('BEDROCK_GUARDRAIL_VERSION', '');
    vi.resetModules();
    await expect(import('../src/handlers/coach/send-message')).rejects.toThrow(/without its guardrail/);
  });

  it('starts with the guardrail configured', async () => {
    for (const [name, value] of Object.entries(configured)) vi.stubEnv(name, value);
    vi.resetModules();
    await expect(import('../src/handlers/coach/send-message')).resolves.toHaveProperty('handler');
  });
});
