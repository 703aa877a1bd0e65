import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import {
  type Mutation,
  type MutationKey,
  type MutationOptions,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, isQueueable } from './errors';
import { inHerLanguage } from './her-words';
import type { ActionKey } from './http';

/**
 * Bloom's queue of writes (docs/rules.md#errors-and-messages): a write that could not reach the API, or was
 * answered 503, stays pending with its change on screen and is sent again, with the Idempotency-Key she made
 * when she acted, until the API answers. It is TanStack Query's own mutation machinery: retries with backoff,
 * pausing while the browser is offline, one `scope` so writes reach the server in the order she made them, and
 * mutation defaults so a write restored after a reload (./persisted-writes.ts) can be sent again.
 */

/** Every queued write's variables carry the key of the action they send. */
export interface QueuedVariables {
  key: ActionKey;
}

const QUEUED = 'queued-write';

/** The mutation key of a queued write: its defaults (how to send it) are registered under it. */
export const queuedWriteKey = (name: string): MutationKey => [QUEUED, name];

/** The first retry of a waiting write comes after this long, each later one twice as long, up to the cap. */
export const FIRST_WRITE_RETRY_MS = 1000;
export const MAX_WRITE_RETRY_MS = 15_000;
/** A `Retry-After` is honoured up to this long (a longer one is taken as a mistake, not a plan). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

export function writeRetryDelay(failureCount: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  if (asked !== undefined) return Math.min(asked, MAX_RETRY_AFTER_MS);
  return Math.min(FIRST_WRITE_RETRY_MS * 2 ** Math.max(0, failureCount - 1), MAX_WRITE_RETRY_MS);
}

/** How every queued write is sent: retried for as long as the failure is one to wait out. */
export const queuedWriteOptions = {
  retry: (_failureCount: number, error: unknown) => isQueueable(error),
  retryDelay: writeRetryDelay,
  networkMode: 'online',
  scope: { id: QUEUED },
} satisfies MutationOptions<unknown, unknown, QueuedVariables, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: the cache holds mutations of every type
type AnyMutation = Mutation<any, any, any, any>;

export function isQueuedWrite(mutation: AnyMutation): boolean {
  return mutation.options.mutationKey?.[0] === QUEUED;
}

function pendingWrites(client: QueryClient): AnyMutation[] {
  return client
    .getMutationCache()
    .getAll()
    .filter((mutation) => isQueuedWrite(mutation) && mutation.state.status === 'pending');
}

/**
 * The writes waiting to sync: none while every pending write is simply on its way; all of them once one has
 * failed for a reason to wait out, or is held while the browser is offline (the rest are queued behind it).
 */
export function waitingWrites(client: QueryClient): AnyMutation[] {
  const pending = pendingWrites(client);
  const stuck = pending.some(
    (mutation) => mutation.state.failureCount > 0 || (mutation.state.isPaused && !onlineManager.isOnline()),
  );
  return stuck ? pending : [];
}

/** The action keys of the writes waiting to sync. */
export function waitingKeys(client: QueryClient): Set<ActionKey> {
  return new Set(waitingWrites(client).map((mutation) => (mutation.state.variables as QueuedVariables).key));
}

/**
 * Says once (`onWaiting(CLIENT_MESSAGES.changePending)`, in her language) when writes start waiting to sync, and again only after
 * they have all been sent and a new one waits. Returns the unsubscribe.
 */
export function watchQueuedWrites(client: QueryClient, onWaiting: (message: string) => void): () => void {
  let said = false;
  const check = () => {
    const waiting = waitingWrites(client).length > 0;
    if (waiting && !said) onWaiting(inHerLanguage(CLIENT_MESSAGES.changePending));
    said = waiting || (said && pendingWrites(client).length > 0);
  };
  const stopMutations = client.getMutationCache().subscribe(check);
  const stopOnline = onlineManager.subscribe(check);
  check();
  return () => {
    stopMutations();
    stopOnline();
  };
}

/**
 * Resolves `{ queued: false, result }` when the write with this key is answered, `{ queued: true }` as soon as it
 * waits to sync (its change stays on screen and is sent later), and rejects when it fails for good.
 */
export function sentOrQueued<T>(
  client: QueryClient,
  key: ActionKey,
  sending: Promise<T>,
): Promise<{ queued: false; result: T } | { queued: true }> {
  return new Promise((resolve, reject) => {
    const stop = client.getMutationCache().subscribe(() => {
      if (!waitingKeys(client).has(key)) return;
      stop();
      resolve({ queued: true });
    });
    sending.then(
      (result) => {
        stop();
        resolve({ queued: false, result });
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}

/**
 * Sends again every pending queued write, including those restored from this device after a reload (which have
 * no attempt in flight to continue). Writes of one scope still go one at a time, in order.
 */
export function resumeQueuedWrites(client: QueryClient): Promise<unknown> {
  return Promise.all(
    pendingWrites(client).map((mutation) =>
      mutation.continue().catch(() => {
        // A write that fails for good says so through its own onError.
      }),
    ),
  );
}
