import { type Container, currentContainer } from './container';

interface Entry<T> {
  promise: Promise<T>;
  startedAt: number;
}

/**
 * `load`, run once per container and shared by every caller meanwhile, even callers that arrive while it is
 * still loading. A failed load is forgotten at once: a throttled or briefly unavailable dependency must not
 * poison the container for its whole life. With `maxAgeMs`, a value that old (counted from when its load
 * started) is loaded again on the next call, so that a rotated secret takes effect; without, it is kept.
 */
export function memoised<T>(load: () => Promise<T>, options: { maxAgeMs?: number } = {}): () => Promise<T> {
  const entries = new WeakMap<Container, Entry<T>>();
  const fresh = (entry: Entry<T>) =>
    options.maxAgeMs === undefined || Date.now() - entry.startedAt < options.maxAgeMs;

  return () => {
    const container = currentContainer();
    const cached = entries.get(container);
    if (cached && fresh(cached)) return cached.promise;
    const entry: Entry<T> = { promise: load(), startedAt: Date.now() };
    entries.set(container, entry);
    entry.promise.catch(() => {
      // Only this load is forgotten: a newer one may already have taken its place.
      if (entries.get(container) === entry) entries.delete(container);
    });
    return entry.promise;
  };
}
