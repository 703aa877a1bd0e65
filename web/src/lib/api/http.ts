import { ApiError, errorFromResponse, networkError, timeoutError, tooManyAttemptsError } from './errors';
import { createLimiter } from './limiter';

/** The bearer token; asked again after a 401, when Amplify refreshes an expired session. */
export type TokenSource = () => Promise<string | null | undefined>;

export interface HttpOptions {
  getToken: TokenSource;
  fetch?: typeof fetch;
  /** Prefix of every path; the API is same-origin, so '' in the app. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Attempts for idempotent reads; writes are sent once. */
  maxAttempts?: number;
  maxConcurrent?: number;
  /** First retry delay; doubles on each retry. */
  backoffMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Http {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  send<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T>;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Failures worth another attempt: the request may well succeed a moment later. */
function isTransient(error: ApiError): boolean {
  return error.code === 'network' || error.code === 'timeout' || error.status === 429 || error.status >= 500;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * JSON over HTTP with the caller's Cognito ID token. Reads are retried (3 attempts, exponential backoff) and
 * deduplicated while in flight; every request has a timeout; at most `maxConcurrent` run at once.
 */
export function createHttp(options: HttpOptions): Http {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 300;
  const sleep = options.sleep ?? defaultSleep;
  const limit = createLimiter(options.maxConcurrent ?? 3);

  async function attempt<T>(method: Method, path: string, body: unknown, signal: AbortSignal): Promise<T> {
    let refreshedToken = false;
    for (;;) {
      const token = await options.getToken();
      if (signal.aborted) throw abortError();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';

      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await limit(() =>
          doFetch(`${baseUrl}${path}`, {
            method,
            headers,
            body: body === undefined ? null : JSON.stringify(body),
            signal: AbortSignal.any([signal, timeout]),
          }),
        );
      } catch (error) {
        if (signal.aborted) throw abortError();
        if (timeout.aborted) throw timeoutError();
        throw error instanceof ApiError ? error : networkError();
      }

      // An ID token can expire between Amplify's check and the gateway's; refresh it once and try again.
      if (response.status === 401 && !refreshedToken) {
        refreshedToken = true;
        continue;
      }
      const parsed = await readBody(response);
      if (!response.ok) throw errorFromResponse(response.status, parsed);
      return parsed as T;
    }
  }

  async function withRetries<T>(path: string, signal: AbortSignal): Promise<T> {
    let last: ApiError | undefined;
    for (let index = 0; index < maxAttempts; index += 1) {
      if (index > 0) await sleep(backoffMs * 2 ** (index - 1), signal);
      try {
        return await attempt<T>('GET', path, undefined, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || !isTransient(error)) throw error;
        last = error;
      }
    }
    throw tooManyAttemptsError(last ?? networkError());
  }

  /** One shared request per path; it is aborted only when every caller waiting on it has given up. */
  const inFlight = new Map<
    string,
    { promise: Promise<unknown>; controller: AbortController; waiting: number }
  >();

  function get<T>(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError());
    let entry = inFlight.get(path);
    if (!entry) {
      const controller = new AbortController();
      const created = {
        controller,
        waiting: 0,
        promise: withRetries<T>(path, controller.signal).finally(() => {
          if (inFlight.get(path) === created) inFlight.delete(path);
        }),
      };
      entry = created;
      inFlight.set(path, entry);
    }
    const shared = entry;
    shared.waiting += 1;

    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        shared.waiting -= 1;
        if (shared.waiting === 0) {
          shared.controller.abort();
          if (inFlight.get(path) === shared) inFlight.delete(path);
        }
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  function send<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T> {
    return attempt<T>(method, path, body, new AbortController().signal);
  }

  return { get, send };
}
