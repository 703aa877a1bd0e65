import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromResponse, networkError } from './errors';
import { createQueryClient, FIRST_RETRY_DELAY_MS, READ_ATTEMPTS } from './query-client';

const serverError = () => errorFromResponse(503, { error: { code: 'internal', message: 'down' } });

/** Watches a query as a mounted screen does; resolves with what the screen shows once the query settles. */
function watch(client: ReturnType<typeof createQueryClient>, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: ['thing'], queryFn });
  return new Promise<ReturnType<typeof observer.getCurrentResult>>((resolve) => {
    observer.subscribe((result) => {
      if (!result.isFetching) resolve(result);
    });
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the query client (the read policy in one place)', () => {
  it(`tries a failing read ${READ_ATTEMPTS} times with backoff, then says "Too many requests" once`, async () => {
    vi.useFakeTimers();
    const onReadError = vi.fn();
    const client = createQueryClient({ onReadError });
    const queryFn = vi.fn(async () => Promise.reject(serverError()));
    const settled = watch(client, queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS * 2);
    const result = await settled;
    expect(queryFn).toHaveBeenCalledTimes(READ_ATTEMPTS);
    expect(result.isError).toBe(true);
    expect(onReadError).toHaveBeenCalledOnce();
    expect(onReadError).toHaveBeenCalledWith(CLIENT_MESSAGES.tooManyRequests);
  });

  it('keeps the network message when the connection stays away', async () => {
    vi.useFakeTimers();
    const onReadError = vi.fn();
    const client = createQueryClient({ onReadError });
    const settled = watch(client, async () => Promise.reject(networkError()));
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS * 3);
    await settled;
    expect(onReadError).toHaveBeenCalledWith(CLIENT_MESSAGES.network);
  });

  it('does not retry what another attempt cannot fix (a 4xx)', async () => {
    const client = createQueryClient();
    const notFound = errorFromResponse(404, { error: { code: 'not_found', message: 'gone' } });
    const queryFn = vi.fn(async () => Promise.reject(notFound));
    const result = await watch(client, queryFn);
    expect(queryFn).toHaveBeenCalledOnce();
    expect(result.error).toBe(notFound);
  });

  it('shares one request between everyone reading the same key while it is in flight', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ({ ok: true }));
    const [a, b] = await Promise.all([
      client.fetchQuery({ queryKey: ['same'], queryFn }),
      client.fetchQuery({ queryKey: ['same'], queryFn }),
    ]);
    expect(a).toEqual(b);
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('says nothing about a read no screen waits for (a prefetch)', async () => {
    const onReadError = vi.fn();
    const client = createQueryClient({ onReadError });
    await client.prefetchQuery({
      queryKey: ['ahead'],
      queryFn: async () => Promise.reject(new ApiError('x', { status: 400, code: 'unknown' })),
    });
    expect(onReadError).not.toHaveBeenCalled();
  });

  it('never retries a write: the server may have applied it', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(async () => Promise.reject(serverError()));
    const mutation = client.getMutationCache().build(client, { mutationFn });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(mutationFn).toHaveBeenCalledOnce();
  });
});
