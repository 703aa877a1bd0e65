import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import type { QueuedVariables } from './write-queue';
import { isQueuedWrite, resumeQueuedWrites } from './write-queue';

/**
 * Keeps the planner's queued writes on this device (IndexedDB), so a reload or a closed tab loses nothing she
 * did (docs/rules.md#errors-and-messages). Loaded only by the signed-in planner, never by the landing page.
 */

export interface DeviceStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** idb-keyval's default store; a browser without IndexedDB refuses each call (it never throws at once). */
const indexedDbStore: DeviceStore = {
  get: async (key) => get(key),
  set: async (key, value) => set(key, value),
  del: async (key) => del(key),
};

/** Bumped when what is saved changes shape: an older save is then ignored. */
const SAVE_VERSION = 1;

interface Saved {
  version: typeof SAVE_VERSION;
  state: DehydratedState;
}

const storageKey = (owner: string) => `bloom:queued-writes:${owner}`;

function isSaved(value: unknown): value is Saved {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Saved).version === SAVE_VERSION &&
    Array.isArray((value as Saved).state?.mutations)
  );
}

function keyOf(variables: unknown): string | undefined {
  return (variables as QueuedVariables | undefined)?.key;
}

/**
 * What is kept: the writes not yet answered, and the weeks they change (so the week shows her changes even if
 * the page is reloaded while Bloom cannot be reached). Nothing is kept once every write is answered.
 */
function snapshot(client: QueryClient): DehydratedState | null {
  const pending = client
    .getMutationCache()
    .getAll()
    .filter((mutation) => isQueuedWrite(mutation) && mutation.state.status === 'pending');
  if (pending.length === 0) return null;
  const weeks = new Set(
    pending.map((mutation) => (mutation.state.variables as { weekStart?: string }).weekStart),
  );
  return dehydrate(client, {
    shouldDehydrateMutation: (mutation) => pending.includes(mutation),
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' &&
      query.queryKey[0] === 'week' &&
      weeks.has(query.queryKey[1] as string),
  });
}

/**
 * Restores her writes saved on this device into the client (each action once: a write already in the cache
 * with the same key is not restored again), sends them again, then keeps the device's copy up to date. The
 * mutation defaults of every queued write must be registered before (they hold how to send it). Returns the
 * function that stops keeping it.
 */
export async function keepQueuedWrites(
  client: QueryClient,
  owner: string,
  store: DeviceStore = indexedDbStore,
): Promise<() => void> {
  const key = storageKey(owner);
  const saved = await store.get(key).catch(() => undefined);
  if (isSaved(saved)) {
    const known = new Set(
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => keyOf(mutation.state.variables)),
    );
    hydrate(client, {
      ...saved.state,
      mutations: saved.state.mutations.filter((mutation) => !known.has(keyOf(mutation.state.variables))),
    });
  }

  let scheduled: ReturnType<typeof setTimeout> | undefined;
  let writing = Promise.resolve();
  const save = () => {
    scheduled = undefined;
    const state = snapshot(client);
    writing = writing
      .then(() => (state ? store.set(key, { version: SAVE_VERSION, state }) : store.del(key)))
      .catch(() => {
        // A device that refuses storage (private mode, full disk) still sends the writes from memory.
      });
  };
  const stop = client.getMutationCache().subscribe(() => {
    scheduled ??= setTimeout(save, 0);
  });
  save();
  void resumeQueuedWrites(client);
  return () => {
    stop();
    if (scheduled !== undefined) {
      clearTimeout(scheduled);
      save();
    }
  };
}
