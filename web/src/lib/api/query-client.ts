import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isTransient, messageOf, readFailure } from './errors';

/** A read is tried at most this often before the screen shows its failure (docs/rules.md#web-request-budget). */
export const READ_ATTEMPTS = 3;
/** The first retry waits this long; each later one twice as long. */
export const FIRST_RETRY_DELAY_MS = 300;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The toast when this read fails for a reason the error itself does not explain. */
      failureMessage?: string;
      /** A read whose failure the screen handles itself: no toast. */
      silent?: boolean;
    };
  }
}

export interface QueryClientOptions {
  /** Says a failed read in one toast (only reads something on screen waits for, not prefetches). */
  onReadError?: (message: string) => void;
}

/**
 * The signed-in app's cache of server state, with the read policy in one place: a read is shared by everyone
 * who asks for it while in flight, retried only when the failure is transient, with exponential backoff, and
 * said once when it finally fails. Writes are never retried here: a write the server may have applied must
 * not be sent twice.
 */
export function createQueryClient({ onReadError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent || query.getObserversCount() === 0) return;
        onReadError?.(messageOf(readFailure(error), query.meta?.failureMessage));
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < READ_ATTEMPTS - 1 && isTransient(error),
        retryDelay: (failures) => FIRST_RETRY_DELAY_MS * 2 ** failures,
        // Bloom's data changes only through this app, so coming back to the tab does not need a reload.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
