import {
  BedrockRuntimeClient,
  ConverseCommand,
  type Message,
  type ToolConfiguration,
} from '@aws-sdk/client-bedrock-runtime';
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

  it('fails only as many times as asked, then answers (a retry that works)', async () => {
    emulator.setFailure('InternalServerException', { times: 1 });
    await expect(ask([user('Hi')])).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
    expect((await ask([user('Hi')])).stopReason).toBe('end_turn');
  });

  it('answers after its latency, and a client that gave up earlier gets its timeout', async () => {
    const impatient = new BedrockRuntimeClient({
      endpoint: emulator.env.BEDROCK_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
      requestHandler: { requestTimeout: 300 },
    });
    emulator.setLatency(1_000);
    try {
      await expect(
        impatient.send(
          new ConverseCommand({ modelId: emulator.env.BEDROCK_MODEL_ID, messages: [user('Hi')] }),
        ),
      ).rejects.toMatchObject({ name: 'TimeoutError' });
      const started = Date.now();
      expect((await ask([user('Hi')])).stopReason).toBe('end_turn');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      emulator.setLatency(0);
      impatient.destroy();
    }
  });
});

describe('tool use', () => {
  const tools: ToolConfiguration = {
    tools: ['suggest_activities', 'add_activity_to_plan'].map((name) => ({
      toolSpec: { name, inputSchema: { json: { type: 'object' } } },
    })),
  };
  const guarded = (text: string): Message => ({
    role: 'user',
    content: [{ guardContent: { text: { text } } }],
  });

  it('asked for something calming this evening: suggests, adds the first suggestion, then says what it added', async () => {
    const asked = guarded('Could you find me something calming for this evening?');
    const first = await ask([asked], { toolConfig: tools });
    expect(first.stopReason).toBe('tool_use');
    const suggest = first.output?.message?.content?.find((block) => block.toolUse)?.toolUse;
    expect(suggest).toMatchObject({
      name: 'suggest_activities',
      input: { slot: 'Evening', vibe: 'calm', energy: 'low' },
    });

    const suggested: Message = {
      role: 'user',
      content: [
        {
          toolResult: {
            toolUseId: suggest?.toolUseId,
            content: [{ json: { activities: [{ id: 'scalp-massage', name: 'Scalp massage', icon: '💆' }] } }],
            status: 'success',
          },
        },
      ],
    };
    const conversation: Message[] = [asked, first.output?.message as Message, suggested];
    const second = await ask(conversation, { toolConfig: tools });
    const add = second.output?.message?.content?.find((block) => block.toolUse)?.toolUse;
    expect(second.stopReason).toBe('tool_use');
    expect(add).toMatchObject({
      name: 'add_activity_to_plan',
      input: { activityId: 'scalp-massage', slot: 'Evening' },
    });

    const added: Message = {
      role: 'user',
      content: [
        {
          toolResult: {
            toolUseId: add?.toolUseId,
            content: [
              {
                json: {
                  added: { name: 'Scalp massage', icon: '💆', slot: 'Evening', day: 'Monday' },
                  isToday: true,
                },
              },
            ],
            status: 'success',
          },
        },
      ],
    };
    const third = await ask([...conversation, second.output?.message as Message, added], {
      toolConfig: tools,
    });
    expect(third.stopReason).toBe('end_turn');
    expect(third.output?.message?.content?.[0]?.text).toMatch(
      /added 💆 Scalp massage to your plan for this evening/,
    );
  });

  it("says why when the tool refused, in the tool's words", async () => {
    const asked = user('Add something calming for tonight');
    const first = await ask([asked], { toolConfig: tools });
    const toolUseId = first.output?.message?.content?.find((block) => block.toolUse)?.toolUse?.toolUseId;
    const refused: Message = {
      role: 'user',
      content: [
        {
          toolResult: {
            toolUseId,
            content: [{ json: { error: 'This time slot is full.' } }],
            status: 'error',
          },
        },
      ],
    };
    const answer = await ask([asked, first.output?.message as Message, refused], { toolConfig: tools });
    expect(answer.output?.message?.content?.[0]?.text).toContain('This time slot is full.');
  });

  it('just talks when no tools are offered, or when she asks for nothing to do', async () => {
    expect((await ask([user('Something calming for this evening?')])).stopReason).toBe('end_turn');
    expect((await ask([user('I had a good day')], { toolConfig: tools })).stopReason).toBe('end_turn');
  });

  it.each([
    ['a toolUse without toolConfig', {}, /toolConfig field must be defined/],
    ['a toolResult that answers no toolUse', { toolConfig: tools }, /does not answer a toolUse/],
  ])('refuses %s, as Bedrock does', async (_case, extra, message) => {
    const messages: Message[] = [
      user('Hi'),
      {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 't1', name: 'suggest_activities', input: {} } }],
      },
      { role: 'user', content: [{ toolResult: { toolUseId: 'other', content: [{ json: {} }] } }] },
    ];
    await expect(ask(messages, extra)).rejects.toMatchObject({
      name: 'ValidationException',
      message: expect.stringMatching(message),
    });
  });
});
