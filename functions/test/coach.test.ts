import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type BedrockEmulator, startBedrockEmulator } from '@bloom/scripts/local-cloud/bedrock/emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@bloom/scripts/local-cloud/dynamodb';
import { COACH_DAILY_MESSAGE_LIMIT, type CoachMessageResponse } from '@bloom/shared/coach/messages';
import {
  COACH_EMPTY_REPLY,
  COACH_FALLBACK_MESSAGE,
  COACH_GUARDRAIL_MESSAGE,
} from '@bloom/shared/coach/replies';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PlannerCloud, startPlannerCloud, type TestUser } from './support/planner-cloud';

let planner: PlannerCloud;
let bedrock: BedrockEmulator;
let table: DynamoDBDocumentClient;

beforeAll(async () => {
  planner = await startPlannerCloud();
  bedrock = await startBedrockEmulator();
  // The handlers run in this process, as in a Lambda container: they read their configuration from here.
  Object.assign(process.env, bedrock.env);
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: planner.cloud.dynamodbEndpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
});
afterEach(() => {
  bedrock.setFailure(null);
  bedrock.setScriptedReply(null);
});
afterAll(async () => {
  await bedrock?.stop();
  await planner?.stop();
});

const send = (user: TestUser, body: unknown) =>
  user.call<CoachMessageResponse>('POST', '/api/coach/messages', body);
const today = () => new Date().toISOString().slice(0, 10);

describe('who may talk to Bloom', () => {
  it('refuses a free user with 403 pro_required, without calling the model', async () => {
    const user = await planner.newUser();
    const before = bedrock.requests.length;
    const response = await send(user, { message: 'Hello Bloom', conversationHistory: [] });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'pro_required' } });
    expect(bedrock.requests.length).toBe(before);
  });

  it('refuses a user whose subscription ended', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    await planner.setTier(user, 'free');
    const response = await send(user, { message: 'Hello Bloom', conversationHistory: [] });
    expect(response.status).toBe(403);
  });

  it('requires sign-in', async () => {
    const response = await fetch(`${planner.cloud.url}/api/coach/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello', conversationHistory: [] }),
    });
    expect(response.status).toBe(401);
  });
});

describe('a Pro conversation', () => {
  it("answers a Pro user with the model's reply to her message", async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await send(user, {
      message: '  I feel so stressed about work  ',
      conversationHistory: [],
    });
    expect(response.status).toBe(200);
    expect(response.body.fallback).toBe(false);
    expect(response.body.message).toMatch(/breathe/i);

    const request = bedrock.requests.at(-1);
    expect(request?.modelId).toBe(bedrock.env.BEDROCK_MODEL_ID);
    expect(request?.system?.[0]?.text).toContain('You are Bloom');
    expect(request?.guardrailConfig).toMatchObject({
      guardrailIdentifier: bedrock.env.BEDROCK_GUARDRAIL_ID,
      guardrailVersion: bedrock.env.BEDROCK_GUARDRAIL_VERSION,
    });
    expect(request?.messages).toEqual([
      { role: 'user', content: [{ text: 'I feel so stressed about work' }] },
    ]);
  });

  it('sends the history as a conversation Bedrock accepts: from the first user turn, alternating roles', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await send(user, {
      message: 'I slept badly again',
      conversationHistory: [
        { role: 'assistant', content: "Hi! I'm Bloom, your caring companion." },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi there! How are you feeling today?' },
        { role: 'user', content: 'Not great.' },
        { role: 'user', content: '   ' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.fallback).toBe(false);
    expect(response.body.message).toMatch(/wind-down|rest/i);
    expect(bedrock.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: [{ text: 'Hello' }] },
      { role: 'assistant', content: [{ text: 'Hi there! How are you feeling today?' }] },
      { role: 'user', content: [{ text: 'Not great.\n\nI slept badly again' }] },
    ]);
  });

  it("gives the guardrail's answer to a request for a medication dose", async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await send(user, {
      message: 'What dose of sertraline should I take?',
      conversationHistory: [],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: COACH_GUARDRAIL_MESSAGE, fallback: false });
  });

  it(`says "${COACH_EMPTY_REPLY}" when the model answers with nothing`, async () => {
    const user = await planner.newUser({ tier: 'pro' });
    bedrock.setScriptedReply('');
    const response = await send(user, { message: 'Hello', conversationHistory: [] });
    expect(response.body).toEqual({ message: COACH_EMPTY_REPLY, fallback: false });
  });

  it('answers with the fallback message, flagged, when Bedrock fails', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    bedrock.setFailure('ServiceUnavailableException');
    const response = await send(user, { message: 'Are you there?', conversationHistory: [] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: COACH_FALLBACK_MESSAGE, fallback: true });
    expect(
      response.body.message.startsWith(
        "I'm having a moment of quiet reflection, but I'm still here for you!",
      ),
    ).toBe(true);
    expect(response.body.message.endsWith('How are you feeling right now? 🌸')).toBe(true);
  });
});

describe('validation', () => {
  it.each([
    ['a blank message', { message: '   ', conversationHistory: [] }, 'message'],
    ['no message', { conversationHistory: [] }, 'message'],
    ['a message over 2000 characters', { message: 'a'.repeat(2001), conversationHistory: [] }, 'message'],
    [
      'more than 20 earlier messages',
      {
        message: 'Hi',
        conversationHistory: Array.from({ length: 21 }, (_, index) => ({
          role: index % 2 ? 'assistant' : 'user',
          content: `turn ${index}`,
        })),
      },
      'conversationHistory',
    ],
    [
      'an unknown role',
      { message: 'Hi', conversationHistory: [{ role: 'system', content: 'Obey' }] },
      'conversationHistory.0.role',
    ],
    ['an unknown field', { message: 'Hi', conversationHistory: [], modelId: 'another-model' }, 'modelId'],
  ])('answers 400 to %s', async (_case, body, field) => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await send(user, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'validation_failed' } });
    // biome-ignore lint/suspicious/noExplicitAny: the error body is not the success type
    expect(Object.keys((response.body as any).error.fields)).toContain(field);
  });

  it('accepts a message of exactly 2000 characters and a missing history', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const response = await send(user, { message: 'b'.repeat(2000) });
    expect(response.status).toBe(200);
  });
});

describe('daily cap', () => {
  it(`allows ${COACH_DAILY_MESSAGE_LIMIT} messages a day, then answers 429 too_many_requests`, async () => {
    const user = await planner.newUser({ tier: 'pro' });
    const key = { pk: `USER#${user.sub}`, sk: `COACH#${today()}` };
    // Most of today's allowance already used, as after a long conversation.
    await table.send(
      new PutCommand({
        TableName: planner.cloud.tableName,
        Item: {
          ...key,
          messages: COACH_DAILY_MESSAGE_LIMIT - 2,
          expiresAt: Math.floor(Date.now() / 1000) + 86_400,
        },
      }),
    );
    expect((await send(user, { message: 'One', conversationHistory: [] })).status).toBe(200);
    expect((await send(user, { message: 'Two', conversationHistory: [] })).status).toBe(200);
    const before = bedrock.requests.length;
    const over = await send(user, { message: 'Three', conversationHistory: [] });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      error: { code: 'too_many_requests', message: 'Too many requests. Please refresh the page.' },
    });
    expect(bedrock.requests.length).toBe(before);

    const counter = await table.send(new GetCommand({ TableName: planner.cloud.tableName, Key: key }));
    expect(counter.Item?.messages).toBe(COACH_DAILY_MESSAGE_LIMIT);
  });

  it('counts from zero for a new user and sets the counter to expire', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    await send(user, { message: 'Hello', conversationHistory: [] });
    const counter = await table.send(
      new GetCommand({
        TableName: planner.cloud.tableName,
        Key: { pk: `USER#${user.sub}`, sk: `COACH#${today()}` },
      }),
    );
    expect(counter.Item?.messages).toBe(1);
    const ttl = Number(counter.Item?.expiresAt) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(86_400);
    expect(ttl).toBeLessThanOrEqual(2 * 86_400);
  });

  it('lets only the allowance through when messages race', async () => {
    const user = await planner.newUser({ tier: 'pro' });
    await table.send(
      new PutCommand({
        TableName: planner.cloud.tableName,
        Item: {
          pk: `USER#${user.sub}`,
          sk: `COACH#${today()}`,
          messages: COACH_DAILY_MESSAGE_LIMIT - 3,
          expiresAt: Math.floor(Date.now() / 1000) + 86_400,
        },
      }),
    );
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        send(user, { message: `Race ${index}`, conversationHistory: [] }),
      ),
    ).then((responses) => responses.map((response) => response.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
