import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { showToast } from '../components/toast';
import { ApiProvider, type BloomApi, bloomApi, createQueryClient } from '../lib/api';
import { useAuth } from '../lib/auth';

/** The cache of her server state and whose it is: a new account (or none) starts from an empty cache. */
let session: { userId: string | null; client: QueryClient } | undefined;

function clientFor(userId: string | null): QueryClient {
  if (session?.userId !== userId) {
    session?.client.clear();
    session = {
      userId,
      client: createQueryClient({ onReadError: (message) => showToast(message, 'error') }),
    };
  }
  return session.client;
}

/** Drops the cache (tests start each case from nothing, as a new sign-in does). */
export function forgetSessionQueries(): void {
  session?.client.clear();
  session = undefined;
}

/**
 * Bloom's API and one query cache per signed-in account, shared by every signed-in screen (the planner, the
 * coach, billing on the pricing page and in the profile dialog). Nothing of one account is ever shown to the
 * next. Loaded with signed-in code only: the landing page never pays for it.
 */
export function SessionQueries({ api = bloomApi, children }: { api?: BloomApi; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <QueryClientProvider client={clientFor(user?.id ?? null)}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
}
