import { CLIENT_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import { currentLocale } from '../i18n/locale-store';
import { ApiError, errorFromResponse, networkError, parseRetryAfter, timeoutError } from './errors';
import { prepareHerWords } from './her-words';
import { createLimiter } from './limiter';

/** The bearer token; asked again after a 401, when Amplify refreshes an expired session. */
export type TokenSource = () => Promise<string | null | undefined>;

export interface HttpOptions {
  getToken: TokenSource;
  fetch?: typeof fetch;
  /** Prefix of every path; the API is same-origin, so '' in the app. */
  baseUrl?: string;
  timeoutMs?: number;
  maxConcurrent?: number;
  /** The API refused her token because her account was deleted (`account_deleted`): no refresh will help. */
  onAccountDeleted?: () => void;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One UUID per action she takes, made when she acts and sent with every attempt of that write, so the server
 * applies it once however often it arrives (docs/rules.md#errors-and-messages).
 */
export type ActionKey = string;

export interface Http {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  /** `timeoutMs` overrides the client's timeout for this request (the coach's reply may take longer). */
  send<T>(
    method: Exclude<Method, 'GET'>,
    path: string,
    key: ActionKey,
    body?: unknown,
    options?: { timeoutMs?: number },
  ): Promise<T>;
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
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

function isAccountDeleted(body: unknown): boolean {
  return (body as { error?: { code?: unknown } } | undefined)?.error?.code === 'account_deleted';
}

/**
 * JSON over HTTP with the caller's Cognito ID token: every request has a timeout, at most `maxConcurrent` run
 * at once, an expired token is refreshed once, and every failure becomes an ApiError with the message a person
 * sees. Retrying and sharing reads is the query client's job (lib/api/query-client.ts), not this one's.
 */
export function createHttp(options: HttpOptions): Http {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const limit = createLimiter(options.maxConcurrent ?? 3);
  // What it says of a failure is said in her language: her words are read now, before any failure.
  prepareHerWords();

  async function request<T>(
    method: Method,
    path: string,
    {
      body,
      key,
      signal,
      requestTimeoutMs = timeoutMs,
    }: { body?: unknown; key?: ActionKey; signal?: AbortSignal | undefined; requestTimeoutMs?: number },
  ): Promise<T> {
    let refreshedToken = false;
    for (;;) {
      const token = await options.getToken();
      if (signal?.aborted) throw abortError();
      // Every route the app calls is behind the JWT authorizer: without a session there is nothing to send.
      if (!token) throw new ApiError(CLIENT_MESSAGES.notAuthenticated, { status: 401, code: 'unauthorized' });
      const headers: Record<string, string> = {
        accept: 'application/json',
        // The API answers its errors in the language she reads Bloom in (docs/rules.md#languages).
        'accept-language': currentLocale(),
        authorization: `Bearer ${token}`,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key;

      const timeout = AbortSignal.timeout(requestTimeoutMs);
      let response: Response;
      try {
        response = await limit(() =>
          doFetch(`${baseUrl}${path}`, {
            method,
            headers,
            body: body === undefined ? null : JSON.stringify(body),
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          }),
        );
      } catch (error) {
        if (signal?.aborted) throw abortError();
        if (timeout.aborted) throw timeoutError();
        throw error instanceof ApiError ? error : networkError();
      }

      const parsed = await readBody(response);
      if (response.status === 401 && isAccountDeleted(parsed)) {
        options.onAccountDeleted?.();
      } else if (response.status === 401 && !refreshedToken) {
        // An ID token can expire between Amplify's check and the gateway's; refresh it once and try again.
        refreshedToken = true;
        continue;
      }
      if (!response.ok) {
        throw errorFromResponse(
          response.status,
          parsed,
          parseRetryAfter(response.headers.get('retry-after')),
        );
      }
      return parsed as T;
    }
  }

  return {
    get: (path, { signal } = {}) => request('GET', path, { signal }),
    send: (method, path, key, body, sendOptions = {}) =>
      request(method, path, {
        key,
        body,
        ...(sendOptions.timeoutMs === undefined ? {} : { requestTimeoutMs: sendOptions.timeoutMs }),
      }),
  };
}
