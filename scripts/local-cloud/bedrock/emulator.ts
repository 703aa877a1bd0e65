import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { BodyTooLargeError, listenOnLoopback, readBody, sendJson } from '../http';
import { BedrockError, type ConverseRequest, converse, type Scripted } from './converse';
import type { ContentBlock } from './tool-use';

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

export type { ContentBlock, ConverseRequest };

/**
 * A local Bedrock Runtime with the Converse API (`POST /model/{modelId}/converse`): it checks requests the
 * way Bedrock does (model id, a conversation that starts with the user and alternates roles, no blank text),
 * answers in Converse's response shape, and applies a guardrail's intervention when one is configured.
 * Requests may be SigV4-signed; the signature is not checked.
 */
export async function startBedrockEmulator(options: BedrockEmulatorOptions = {}): Promise<BedrockEmulator> {
  const behaviour = new Behaviour();
  const requests: ConverseRequest[] = [];
  const handle = async (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const requestId = randomUUID();
    try {
      const request = await readConverseRequest(req);
      requests.push(request);
      if (behaviour.latencyMs > 0) {
        await behaviour.wait();
        // The client gave up waiting (its timeout): nobody is there to answer.
        if (res.stream.destroyed || res.stream.closed) return;
      }
      behaviour.failIfSet();
      sendJson(res, 200, converse(request, behaviour.scripted), { 'x-amzn-requestid': requestId });
    } catch (error) {
      if (!(error instanceof BedrockError)) throw error;
      const headers = { 'x-amzn-errortype': error.name, 'x-amzn-requestid': requestId };
      sendJson(res, error.status, { message: error.message }, headers);
    }
  };
  const server = await serveH2c(handle, options);
  return {
    url: server.url,
    env: {
      BEDROCK_ENDPOINT: server.url,
      BEDROCK_MODEL_ID: LOCAL_BEDROCK_MODEL_ID,
      BEDROCK_GUARDRAIL_ID: LOCAL_GUARDRAIL_ID,
      BEDROCK_GUARDRAIL_VERSION: LOCAL_GUARDRAIL_VERSION,
    },
    setFailure: (next, failureOptions = {}) => behaviour.setFailure(next, failureOptions.times),
    setLatency: (ms) => {
      behaviour.latencyMs = ms;
    },
    setScriptedReply: (text) => {
      behaviour.scripted.reply = text;
    },
    setScriptedGuardrail: (topic) => {
      behaviour.scripted.guardrail = topic;
    },
    requests,
    stop: () => {
      behaviour.stop();
      return server.stop();
    },
  };
}

/** What a test has set: failures to answer, a latency, a scripted reply or guardrail block. */
class Behaviour {
  latencyMs = 0;
  readonly scripted: Scripted = { reply: null, guardrail: null };
  private failure: BedrockFailure | null = null;
  private failuresLeft = Number.POSITIVE_INFINITY;
  private readonly pending = new Set<NodeJS.Timeout>();

  setFailure(failure: BedrockFailure | null, times = Number.POSITIVE_INFINITY): void {
    this.failure = failure;
    this.failuresLeft = times;
  }

  /** Waits out the latency set (a timer the emulator's stop clears). */
  async wait(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, this.latencyMs);
      this.pending.add(timer);
    });
  }

  /** Throws the failure set, counting it down when it was set for a few requests only. */
  failIfSet(): void {
    if (!this.failure || this.failuresLeft <= 0) return;
    const failed = this.failure;
    this.failuresLeft -= 1;
    if (this.failuresLeft === 0) this.failure = null;
    throw new BedrockError(failed, BEDROCK_FAILURES[failed].status, BEDROCK_FAILURES[failed].message);
  }

  stop(): void {
    for (const timer of this.pending) clearTimeout(timer);
  }
}

/** A Converse request: the path names the model, the body is the rest. */
async function readConverseRequest(req: Http2ServerRequest): Promise<ConverseRequest> {
  const match = /^\/model\/([^/]+)\/converse$/.exec(req.url.split('?')[0] ?? '');
  if (!match || req.method !== 'POST')
    throw new BedrockError(
      'UnknownOperationException',
      404,
      'The local Bedrock emulator serves only Converse.',
    );
  const modelId = decodeURIComponent(match[1] as string);
  return { ...parse(await readRequestText(req)), modelId };
}

/**
 * Bedrock Runtime's SDK client speaks HTTP/2 (for streaming); over plain http that is h2c, which this server is.
 * Each request is logged with its status and time.
 */
async function serveH2c(
  handle: (req: Http2ServerRequest, res: Http2ServerResponse) => Promise<void>,
  options: BedrockEmulatorOptions,
) {
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
    stop: () =>
      new Promise<void>((resolve) => {
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

async function readRequestText(req: Http2ServerRequest): Promise<string> {
  try {
    return (await readBody(req, 2 * 1024 * 1024)).toString('utf8');
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new BedrockError('ValidationException', 400, 'Input is too long for requested model.');
  }
}
