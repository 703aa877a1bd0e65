import { type Container, currentContainer } from './container';

export interface MemoisedOptions {
  /** A value this old is loaded again on the next call (so a rotated secret takes effect); kept for good if absent. */
  maxAgeMs?: number;
  /** The clock, in milliseconds; tests pass their own. */
  now?: () => number;
}

interface Entry<T> {
  promise: Promise<T>;
  startedAt: number;
}

/**
 * `load`, run once per container and shared by every caller meanwhile, even callers that arrive while it is
 * still loading. A failed load is forgotten at once: a throttled or briefly unavailable dependency must not
 * poison the container for its whole life. The age counts from when the load started.
 */
export function memoised<T>(load: () => Promise<T>, options: MemoisedOptions = {}): () => Promise<T> {
  const now = options.now ?? Date.now;
  const entries = new WeakMap<Container, Entry<T>>();
  const fresh = (entry: Entry<T>) =>
    options.maxAgeMs === undefined || now() - entry.startedAt < options.maxAgeMs;

  return () => {
    const container = currentContainer();
    const cached = entries.get(container);
    if (cached && fresh(cached)) return cached.promise;
    const entry: Entry<T> = { promise: load(), startedAt: now() };
    entries.set(container, entry);
    entry.promise.catch(() => {
      // Only this load is forgotten: a newer one may already have taken its place.
      if (entries.get(container) === entry) entries.delete(container);
    });
    return entry.promise;
  };
}
