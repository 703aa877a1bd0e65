import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { COACH_GUARDRAIL_MESSAGE } from '@bloom/shared/coach/replies';
import { BodyTooLargeError, listenOnLoopback, readBody, sendJson } from '../http';
import { type EmulatedReply, replyTo } from './replies';
import { type ContentBlock, type ConverseMessage, latestUserText, textOf, toolTurn } from './tool-use';

/** The model and guardrail the local cloud configures: the stack's default model (any Bedrock-looking id is accepted). */
export const LOCAL_BEDROCK_MODEL_ID = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
export const LOCAL_GUARDRAIL_ID = 'bloom-coach-local';
export const LOCAL_GUARDRAIL_VERSION = '1';

/** Bedrock's error names and status codes, for simulating an outage. */
export const BEDROCK_FAILURES = {
  ThrottlingException: { status: 429, message: 'Too many requests, please wait before trying again.' },
  ServiceUnavailableException: { status: 503, message: 'Bedrock is unable to process your request.' },
  InternalServerException: { status: 500, message: 'The server encountered an internal error.' },
  ModelTimeoutException: { status: 408, message: 'The request took too long to process.' },
} as const;
export type BedrockFailure = keyof typeof BEDROCK_FAILURES;

const MODEL_ID =
  /^(arn:aws:bedrock:[a-z0-9-]+:\d*:(foundation-model|inference-profile|application-inference-profile)\/.+|((us|eu|apac|us-gov|global)\.)?(amazon|anthropic|meta|mistral|cohere|ai21|deepseek|openai|qwen|writer)\.[\w.:-]+)$/;

export interface BedrockEmulatorOptions {
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface BedrockEmulator {
  url: string;
  /** What Bloom's coach handler needs to talk to this emulator. */
  env: {
    BEDROCK_ENDPOINT: string;
    BEDROCK_MODEL_ID: string;
    BEDROCK_GUARDRAIL_ID: string;
    BEDROCK_GUARDRAIL_VERSION: string;
  };
  /**
   * Every Converse request answers this error until set back to null (tests of Bloom's fallback); with `times`,
   * only that many requests fail and the ones after succeed (a retry that works).
   */
  setFailure(failure: BedrockFailure | null, options?: { times?: number }): void;
  /**
   * Every request waits this long before it is answered (0 by default). Longer than the client's timeout, it is
   * a model that does not answer in time.
   */
  setLatency(ms: number): void;
  /** Every successful Converse answers exactly this text until set back to null (an empty reply, say). */
  setScriptedReply(text: string | null): void;
  /**
   * With a guardrail configured, every Converse is blocked by the guardrail on this denied topic (its name as
   * in infra/lib/coach.ts, e.g. 'SelfHarm') until set back to null: a verdict the emulator cannot reach itself.
   */
  setScriptedGuardrail(topic: string | null): void;
  /** Converse requests received, newest last. */
  requests: ConverseRequest[];
  stop(): Promise<void>;
}

export type { ContentBlock };
export interface ConverseRequest {
  modelId: string;
  messages?: ConverseMessage[];
  system?: ContentBlock[];
  inferenceConfig?: { maxTokens?: number; temperature?: number };
  guardrailConfig?: { guardrailIdentifier?: string; guardrailVersion?: string; trace?: string };
  toolConfig?: { tools?: { toolSpec?: { name?: string; inputSchema?: { json?: unknown } } }[] };
}

class BedrockError extends Error {
  constructor(
    override readonly name: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A local Bedrock Runtime with the Converse API (`POST /model/{modelId}/converse`): it checks requests the
 * way Bedrock does (model id, a conversation that starts with the user and alternates roles, no blank text),
 * answers in Converse's response shape, and applies a guardrail's intervention when one is configured.
 * Requests may be SigV4-signed; the signature is not checked.
 */
export async function startBedrockEmulator(options: BedrockEmulatorOptions = {}): Promise<BedrockEmulator> {
  let failure: BedrockFailure | null = null;
  let failuresLeft = Number.POSITIVE_INFINITY;
  let latencyMs = 0;
  const pending = new Set<NodeJS.Timeout>();
  let scripted: string | null = null;
  let scriptedGuardrail: string | null = null;
  const requests: ConverseRequest[] = [];

  const handle = async (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const requestId = randomUUID();
    const fail = (error: BedrockError) =>
      sendJson(
        res,
        error.status,
        { message: error.message },
        { 'x-amzn-errortype': error.name, 'x-amzn-requestid': requestId },
      );
    try {
      const match = /^\/model\/([^/]+)\/converse$/.exec(req.url.split('?')[0] ?? '');
      if (!match || req.method !== 'POST') {
        throw new BedrockError(
          'UnknownOperationException',
          404,
          'The local Bedrock emulator serves only Converse.',
        );
      }
      const modelId = decodeURIComponent(match[1] as string);
      const body = parse(await readRequestText(req));
      const request: ConverseRequest = { ...body, modelId };
      requests.push(request);
      if (latencyMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            pending.delete(timer);
            resolve();
          }, latencyMs);
          pending.add(timer);
        });
        // The client gave up waiting (its timeout): nobody is there to answer.
        if (res.stream.destroyed || res.stream.closed) return;
      }
      if (failure && failuresLeft > 0) {
        const failed = failure;
        failuresLeft -= 1;
        if (failuresLeft === 0) failure = null;
        throw new BedrockError(failed, BEDROCK_FAILURES[failed].status, BEDROCK_FAILURES[failed].message);
      }
      sendJson(res, 200, converse(request, scripted, scriptedGuardrail), { 'x-amzn-requestid': requestId });
    } catch (error) {
      if (error instanceof BedrockError) return fail(error);
      throw error;
    }
  };

  // Bedrock Runtime's SDK client speaks HTTP/2 (for streaming); over plain http that is h2c, which this server is.
  const sessions = new Set<Http2Session>();
  const server = createServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .then(() =>
        options.log?.(`bedrock ${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`),
      )
      .catch((error) => {
        console.error('[bedrock-emulator]', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal error in the Bedrock emulator' });
        else res.end();
      });
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const url = await listenOnLoopback(server, options);
  return {
    url,
    env: {
      BEDROCK_ENDPOINT: url,
      BEDROCK_MODEL_ID: LOCAL_BEDROCK_MODEL_ID,
      BEDROCK_GUARDRAIL_ID: LOCAL_GUARDRAIL_ID,
      BEDROCK_GUARDRAIL_VERSION: LOCAL_GUARDRAIL_VERSION,
    },
    setFailure(next, failureOptions = {}) {
      failure = next;
      failuresLeft = failureOptions.times ?? Number.POSITIVE_INFINITY;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    setScriptedReply(text) {
      scripted = text;
    },
    setScriptedGuardrail(topic) {
      scriptedGuardrail = topic;
    },
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}

function parse(text: string): Omit<ConverseRequest, 'modelId'> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Omit<ConverseRequest, 'modelId'>;
  } catch {
    // Falls through to Bedrock's answer for a body it cannot read.
  }
  throw new BedrockError('SerializationException', 400, 'Unable to parse the request body as JSON.');
}

function converse(request: ConverseRequest, scripted: string | null, scriptedGuardrail: string | null) {
  const started = Date.now();
  if (!MODEL_ID.test(request.modelId)) {
    throw new BedrockError('ValidationException', 400, 'The provided model identifier is invalid.');
  }
  const messages = request.messages ?? [];
  if (messages.length === 0 || messages[0]?.role !== 'user') {
    throw new BedrockError(
      'ValidationException',
      400,
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
  }
  messages.forEach((message, index) => {
    if (message.role !== 'user' && message.role !== 'assistant') {
      throw new BedrockError(
        'ValidationException',
        400,
        `Invalid role at messages.${index}.role: ${String(message.role)}`,
      );
    }
    if (index > 0 && messages[index - 1]?.role === message.role) {
      throw new BedrockError(
        'ValidationException',
        400,
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    (message.content ?? []).forEach((block, blockIndex) => {
      const text = block.text ?? block.guardContent?.text?.text;
      if (typeof text === 'string' && text.trim() === '') {
        throw new BedrockError(
          'ValidationException',
          400,
          `The text field in the ContentBlock object at messages.${index}.content.${blockIndex} is blank. Add text to the text field, and try again.`,
        );
      }
    });
  });
  const tools = checkTools(request, messages);
  const guardrail = request.guardrailConfig;
  if (guardrail && (!guardrail.guardrailIdentifier || !guardrail.guardrailVersion)) {
    throw new BedrockError(
      'ValidationException',
      400,
      'guardrailIdentifier and guardrailVersion are both required.',
    );
  }
  const text = latestUserText(messages);
  // With guardContent blocks the guardrail reads only them (Bedrock's rule); without, the latest words.
  const guarded = messages.some((message) => (message.content ?? []).some((block) => block.guardContent))
    ? messages
        .flatMap((message) => message.content ?? [])
        .map((block) => block.guardContent?.text?.text ?? '')
        .filter((part) => part !== '')
        .join(' ')
    : text;
  const userTurns = messages.filter((message) => message.role === 'user' && textOf(message) !== '').length;
  const screened = replyTo(text, userTurns - 1, false);
  const blocked = guardrail ? replyTo(guarded, userTurns - 1, true) : undefined;
  const turn =
    scripted === null &&
    scriptedGuardrail === null &&
    screened.topic !== 'crisis' &&
    !blocked?.guardrailIntervened
      ? toolTurn(messages, tools)
      : undefined;
  const reply: EmulatedReply =
    guardrail && scriptedGuardrail !== null
      ? {
          text: COACH_GUARDRAIL_MESSAGE,
          topic: 'guardrail',
          guardrailIntervened: true,
          blockedTopic: scriptedGuardrail,
        }
      : scripted !== null
        ? { text: scripted, topic: 'scripted', guardrailIntervened: false }
        : screened.topic === 'crisis'
          ? screened
          : blocked?.guardrailIntervened
            ? blocked
            : turn
              ? { text: turn.text, topic: turn.kind, guardrailIntervened: false }
              : screened;
  const inputChars = [...(request.system ?? []), ...messages.flatMap((message) => message.content ?? [])]
    .map((block) => block.text?.length ?? 0)
    .reduce((sum, length) => sum + length, 0);
  const inputTokens = Math.ceil(inputChars / 4);
  const outputTokens = reply.guardrailIntervened ? 0 : Math.ceil(reply.text.length / 4);
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
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: Date.now() - started },
    // Like Bedrock, the trace (with trace: 'enabled') names the denied topic that blocked the user's message.
    ...(guardrail?.trace === 'enabled' && reply.blockedTopic
      ? {
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
        }
      : {}),
  };
}

/**
 * Bedrock's rules for tools: toolUse and toolResult blocks need a toolConfig, a tool used must be one offered,
 * and a toolResult answers a toolUse of the assistant message just before it. Answers the offered tools' names.
 */
function checkTools(request: ConverseRequest, messages: readonly ConverseMessage[]): Set<string> {
  const names = new Set(
    (request.toolConfig?.tools ?? []).flatMap((tool) => (tool.toolSpec?.name ? [tool.toolSpec.name] : [])),
  );
  if (request.toolConfig && names.size === 0) {
    throw new BedrockError('ValidationException', 400, 'The toolConfig field must list at least one tool.');
  }
  messages.forEach((message, index) => {
    for (const block of message.content ?? []) {
      if ((block.toolUse || block.toolResult) && !request.toolConfig) {
        throw new BedrockError(
          'ValidationException',
          400,
          'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
        );
      }
      if (block.toolUse && !names.has(block.toolUse.name ?? '')) {
        throw new BedrockError(
          'ValidationException',
          400,
          `The tool ${String(block.toolUse.name)} at messages.${index} is not in the toolConfig.`,
        );
      }
      if (block.toolResult) {
        const asked = (messages[index - 1]?.content ?? []).map((previous) => previous.toolUse?.toolUseId);
        if (message.role !== 'user' || !asked.includes(block.toolResult.toolUseId)) {
          throw new BedrockError(
            'ValidationException',
            400,
            `The toolResult at messages.${index} does not answer a toolUse of the previous assistant message.`,
          );
        }
      }
    }
  });
  return names;
}

async function readRequestText(req: Http2ServerRequest): Promise<string> {
  try {
    return (await readBody(req, 2 * 1024 * 1024)).toString('utf8');
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new BedrockError('ValidationException', 400, 'Input is too long for requested model.');
  }
}
