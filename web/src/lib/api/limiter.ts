/**
 * Runs at most `limit` tasks at a time and queues the rest in order, so a burst of clicks never becomes a
 * burst of requests (docs/rules.md#web-request-budget).
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
