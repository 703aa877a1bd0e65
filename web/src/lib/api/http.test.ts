import { CLIENT_MESSAGES, ERRORS, IDEMPOTENCY_KEY_HEADER } from '@bloom/shared/errors/catalogue';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, isQueueable, parseRetryAfter } from './errors';
import { createHttp } from './http';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(replies: Reply[]) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const reply = replies.shift() ?? { status: 200, body: {} };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      ...(reply.headers ? { headers: reply.headers } : {}),
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function client(replies: Reply[], token: string | null = 'id-token') {
  const scripted = scriptedFetch(replies);
  const http = createHttp({ fetch: scripted.fetch, getToken: async () => token });
  return { http, ...scripted };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('createHttp', () => {
  it("sends a write's Idempotency-Key, and no key with a read", async () => {
    const { http, requests } = client([
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    await http.send('PATCH', '/api/x', 'the-action', { completed: true });
    await http.get('/api/me');
    const [write, read] = requests.map((request) => request.init.headers as Record<string, string>);
    expect(write).toHaveProperty(IDEMPOTENCY_KEY_HEADER, 'the-action');
    expect(read).not.toHaveProperty(IDEMPOTENCY_KEY_HEADER);
  });

  it('reads a 503 with its Retry-After: the catalogue message, and how long to wait', async () => {
    const { http } = client([
      {
        status: 503,
        body: { error: { code: 'service_unavailable', message: ERRORS.service_unavailable.message } },
        headers: { 'Retry-After': '7' },
      },
    ]);
    const error = await failure(http.send('POST', '/api/activities', 'key-1', {}));
    expect(error.message).toBe(ERRORS.service_unavailable.message);
    expect(error.retryAfterMs).toBe(7000);
    expect(isQueueable(error)).toBe(true);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('queues only what is worth waiting out: no connection, a timeout or a 503', () => {
    expect(isQueueable(new ApiError('x', { status: 0, code: 'network' }))).toBe(true);
    expect(isQueueable(new ApiError('x', { status: 0, code: 'timeout' }))).toBe(true);
    expect(isQueueable(new ApiError('x', { status: 500, code: 'internal' }))).toBe(false);
    expect(isQueueable(new ApiError('x', { status: 403, code: 'edit_limit_reached' }))).toBe(false);
    expect(isQueueable(new ApiError('x', { status: 409, code: 'slot_full' }))).toBe(false);
  });

  it('sends JSON with the ID token as bearer', async () => {
    const { http, requests } = client([{ status: 200, body: { ok: true } }]);
    await expect(http.send('POST', '/api/x', 'key-1', { a: 1 })).resolves.toEqual({ ok: true });
    const headers = requests[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer id-token');
    expect(headers['content-type']).toBe('application/json');
    expect(requests[0]?.init.body).toBe('{"a":1}');
  });

  it('never sends a request without a token: she is asked to sign in', async () => {
    const { http, requests } = client([], null);
    const error = await failure(http.get('/api/me'));
    expect(error.message).toBe(CLIENT_MESSAGES.notAuthenticated);
    expect(error.code).toBe('unauthorized');
    expect(requests).toHaveLength(0);
  });

  it('gives up after its timeout with the network message', async () => {
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('timed out', 'TimeoutError')),
          );
        }),
    );
    const http = createHttp({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: async () => 't',
      timeoutMs: 20,
    });
    const error = await failure(http.get('/api/weeks/2026-11-16'));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(CLIENT_MESSAGES.network);
  });

  it("waits longer for a write that asks for it (the coach's reply), and no longer than that", async () => {
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const answer = setTimeout(() => resolve(new Response('{"ok":true}', { status: 200 })), 60);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(answer);
            reject(new DOMException('timed out', 'TimeoutError'));
          });
        }),
    );
    const http = createHttp({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: async () => 't',
      timeoutMs: 20,
    });
    expect(
      await http.send('POST', '/api/coach/messages', 'key-1', { message: 'Hi' }, { timeoutMs: 2_000 }),
    ).toEqual({
      ok: true,
    });
    const error = await failure(
      http.send('POST', '/api/coach/messages', 'key-2', { message: 'Hi' }, { timeoutMs: 30 }),
    );
    expect(error.code).toBe('timeout');
  });

  it('never repeats a write, and maps a network failure to the network message', async () => {
    const { http, requests } = client(['network']);
    const error = await failure(http.send('POST', '/api/activities', 'key-1', {}));
    expect(error.message).toBe(CLIENT_MESSAGES.network);
    expect(requests).toHaveLength(1);
  });

  it('shows the catalogue messages for permission, duplicates, limits and unexpected failures', async () => {
    const cases: Array<[Reply, string]> = [
      [
        { status: 403, body: { error: { code: 'permission_denied', message: 'nope' } } },
        ERRORS.permission_denied.message,
      ],
      [
        { status: 409, body: { error: { code: 'already_exists', message: 'dup' } } },
        'This item already exists.',
      ],
      [
        {
          status: 403,
          body: { error: { code: 'edit_limit_reached', message: ERRORS.edit_limit_reached.message } },
        },
        ERRORS.edit_limit_reached.message,
      ],
      [
        { status: 400, body: { error: { code: 'validation_failed', message: 'Please check' } } },
        'Please check',
      ],
      [{ status: 500, body: { error: { code: 'internal', message: 'stack' } } }, CLIENT_MESSAGES.unexpected],
      [
        { status: 502, body: { error: { code: 'payment_provider_unavailable', message: 'Stripe is away' } } },
        'Stripe is away',
      ],
      [
        { status: 409, body: { error: { code: 'already_pro', message: ERRORS.already_pro.message } } },
        ERRORS.already_pro.message,
      ],
      [{ status: 429, body: { message: 'Too Many Requests' } }, CLIENT_MESSAGES.tooManyRequests],
      [
        {
          status: 429,
          body: { error: { code: 'too_many_requests', message: ERRORS.too_many_requests.message } },
        },
        CLIENT_MESSAGES.tooManyRequests,
      ],
      // The coach's daily cap and its one-reply lock speak for themselves.
      [
        {
          status: 429,
          body: {
            error: { code: 'coach_daily_limit_reached', message: ERRORS.coach_daily_limit_reached.message },
          },
        },
        ERRORS.coach_daily_limit_reached.message,
      ],
      [
        {
          status: 409,
          body: {
            error: { code: 'coach_reply_in_progress', message: ERRORS.coach_reply_in_progress.message },
          },
        },
        ERRORS.coach_reply_in_progress.message,
      ],
      [{ status: 418, body: 'teapot' }, CLIENT_MESSAGES.unexpected],
    ];
    for (const [reply, message] of cases) {
      const { http } = client([reply]);
      expect((await failure(http.send('PUT', '/api/me', 'key-1', {}))).message).toBe(message);
    }
  });

  it('keeps field messages and the error code', async () => {
    const { http } = client([
      {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Check',
            fields: { name: 'Please enter an activity name' },
          },
        },
      },
    ]);
    const error = await failure(http.send('POST', '/api/activities', 'key-1', {}));
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({ name: 'Please enter an activity name' });
  });

  it('asks for the token again once after a 401 (Amplify refreshes it)', async () => {
    const { http, requests } = client([
      { status: 401, body: { message: 'Unauthorized' } },
      { status: 200, body: {} },
    ]);
    await http.send('PUT', '/api/me', 'key-1', {});
    expect(requests).toHaveLength(2);
  });

  it('does not refresh a token her deleted account refuses: it says so once and she is signed out', async () => {
    const scripted = scriptedFetch([
      {
        status: 401,
        body: { error: { code: 'account_deleted', message: 'This Bloom account has been deleted.' } },
      },
    ]);
    const onAccountDeleted = vi.fn();
    const http = createHttp({ fetch: scripted.fetch, getToken: async () => 'old-token', onAccountDeleted });
    const error = await failure(http.get('/api/me'));
    expect(error.code).toBe('account_deleted');
    expect(error.status).toBe(401);
    expect(scripted.requests).toHaveLength(1);
    expect(onAccountDeleted).toHaveBeenCalledTimes(1);
  });

  it('aborts a read when its caller gives up (the query client does, for a week no longer shown)', async () => {
    let aborted = false;
    const fetch = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const http = createHttp({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: async () => 't',
    });
    const controller = new AbortController();
    const pending = http.get('/api/weeks/2026-11-16', { signal: controller.signal });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(aborted).toBe(true));
  });

  it('runs at most 3 requests at once', async () => {
    let running = 0;
    let most = 0;
    const fetch = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return new Response('{}', { status: 200 });
    });
    const http = createHttp({
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: async () => 't',
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, index) => http.send('PATCH', `/api/x/${index}`, 'key-1', {})),
    );
    expect(fetch).toHaveBeenCalledTimes(8);
    expect(most).toBe(3);
  });
});
