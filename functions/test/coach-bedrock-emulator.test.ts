import { BedrockRuntimeClient, ConverseCommand, type Message } from '@aws-sdk/client-bedrock-runtime';
import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { CRISIS_REACHED_MODEL_MARKER } from '@bloom/scripts/local-cloud/bedrock/replies';
import { COACH_GUARDRAIL_MESSAGE } from '@bloom/shared/coach/replies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The emulator seen through the AWS SDK's ConverseCommand, signed requests and all. */

let emulator: BedrockEmulator;
let client: BedrockRuntimeClient;

beforeAll(async () => {
  emulator = await startBedrockEmulator();
  client = new BedrockRuntimeClient({
    endpoint: emulator.env.BEDROCK_ENDPOINT,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client?.destroy();
  await emulator?.stop();
});

const ask = (messages: Message[], extra: Partial<ConstructorParameters<typeof ConverseCommand>[0]> = {}) =>
  client.send(
    new ConverseCommand({
      modelId: emulator.env.BEDROCK_MODEL_ID,
      system: [{ text: 'You are Bloom.' }],
      messages,
      ...extra,
    }),
  );
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ text }] });

describe('Bedrock Converse emulator', () => {
  it("answers in Converse's shape, replying to what the user wrote", async () => {
    const result = await ask([user("I'm so anxious about tomorrow")]);
    expect(result.stopReason).toBe('end_turn');
    expect(result.output?.message?.role).toBe('assistant');
    expect(result.output?.message?.content?.[0]?.text).toMatch(/breathe|pause/i);
    expect(result.usage?.totalTokens).toBe(
      (result.usage?.inputTokens ?? 0) + (result.usage?.outputTokens ?? 0),
    );
    expect(result.metrics?.latencyMs).toEqual(expect.any(Number));
  });

  it('is deterministic', async () => {
    const first = await ask([user('I feel lonely tonight')]);
    const second = await ask([user('I feel lonely tonight')]);
    expect(second.output).toEqual(first.output);
  });

  it('never answers a crisis message itself: it replies with the marker tests treat as a failure, guardrail or not', async () => {
    for (const guardrailConfig of [
      undefined,
      { guardrailIdentifier: emulator.env.BEDROCK_GUARDRAIL_ID, guardrailVersion: '1' },
    ]) {
      // "pills" would meet the dosing guardrail: the marker must not hide behind its refusal.
      const result = await ask([user('I took a whole bottle of sleeping pills')], { guardrailConfig });
      expect(result.output?.message?.content?.[0]?.text).toBe(CRISIS_REACHED_MODEL_MARKER);
      expect(result.stopReason).toBe('end_turn');
    }
    const ordinary = await ask([user('this workout is killing me')]);
    expect(ordinary.output?.message?.content?.[0]?.text).not.toBe(CRISIS_REACHED_MODEL_MARKER);
  });

  it("names the denied topic in the guardrail's trace when asked for one, and blocks on a scripted topic", async () => {
    const guardrailConfig = {
      guardrailIdentifier: emulator.env.BEDROCK_GUARDRAIL_ID,
      guardrailVersion: '1',
      trace: 'enabled' as const,
    };
    const dosing = await ask([user('How many mg of melatonin should I take?')], { guardrailConfig });
    expect(dosing.trace?.guardrail?.inputAssessment?.[emulator.env.BEDROCK_GUARDRAIL_ID]).toEqual({
      topicPolicy: {
        topics: [{ name: 'MedicationDosing', type: 'DENY', action: 'BLOCKED', detected: true }],
      },
    });
    emulator.setScriptedGuardrail('SelfHarm');
    try {
      const blocked = await ask([user('Hello')], { guardrailConfig });
      expect(blocked.stopReason).toBe('guardrail_intervened');
      expect(
        blocked.trace?.guardrail?.inputAssessment?.[emulator.env.BEDROCK_GUARDRAIL_ID]?.topicPolicy
          ?.topics?.[0]?.name,
      ).toBe('SelfHarm');
      // Without a guardrail there is nothing to block.
      expect((await ask([user('Hello')])).stopReason).toBe('end_turn');
    } finally {
      emulator.setScriptedGuardrail(null);
    }
  });

  it('intervenes with the guardrail on a dosing request only when a guardrail is configured', async () => {
    const guarded = await ask([user('How many mg of melatonin should I take?')], {
      guardrailConfig: { guardrailIdentifier: emulator.env.BEDROCK_GUARDRAIL_ID, guardrailVersion: '1' },
    });
    expect(guarded.stopReason).toBe('guardrail_intervened');
    expect(guarded.output?.message?.content?.[0]?.text).toBe(COACH_GUARDRAIL_MESSAGE);
    const unguarded = await ask([user('How many mg of melatonin should I take?')]);
    expect(unguarded.stopReason).toBe('end_turn');
  });

  it.each([
    ['starts with the assistant', [assistant('Hi'), user('Hello')], /must start with a user message/],
    ['repeats a role', [user('Hi'), user('Hello')], /must alternate between user and assistant/],
    ['holds blank text', [user('   ')], /is blank/],
  ])('refuses a conversation that %s, as Bedrock does', async (_case, messages, message) => {
    await expect(ask(messages)).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringMatching(message),
    });
  });

  it('refuses an invalid model id', async () => {
    await expect(
      client.send(new ConverseCommand({ modelId: 'gpt-4', messages: [user('Hi')] })),
    ).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    });
  });

  it('fails on demand with the error Bedrock would send', async () => {
    emulator.setFailure('ThrottlingException');
    try {
      await expect(ask([user('Hi')])).rejects.toMatchObject({
        name: 'ThrottlingException',
        $metadata: { httpStatusCode: 429 },
      });
    } finally {
      emulator.setFailure(null);
    }
  });
});
