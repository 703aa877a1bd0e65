import type { WeekView } from '@bloom/shared/planner/types';
import { type Mutation, onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BloomApi } from '../../../lib/api';
import { useApi } from '../../../lib/api';
import { isQueuedWrite, waitingWrites, watchQueuedWrites } from '../../../lib/api/write-queue';
import { useAuth } from '../../../lib/auth';
import type { PlannerUi } from '../planner-ui';
import { addActivitiesWrite, createCustomWrite } from './add-mutations';
import { completeSlotWrite, dayCompletionWrite, restDayWrite } from './day-mutations';
import { moveWrite, removeWrite, toggleWrite } from './planned-activity-mutations';
import { isAnswered, registerWeekWrite, type WeekVariables } from './week-mutation';

/** Every write of the planner, registered once per query client so a write saved on this device can be sent. */
export function registerWeekWrites(client: QueryClient, api: BloomApi, ui: () => PlannerUi): void {
  registerWeekWrite(client, api, ui, toggleWrite);
  registerWeekWrite(client, api, ui, moveWrite);
  registerWeekWrite(client, api, ui, removeWrite);
  registerWeekWrite(client, api, ui, completeSlotWrite);
  registerWeekWrite(client, api, ui, dayCompletionWrite);
  registerWeekWrite(client, api, ui, restDayWrite);
  registerWeekWrite(client, api, ui, addActivitiesWrite);
  registerWeekWrite(client, api, ui, createCustomWrite);
}

interface AnyWrite {
  apply?(week: WeekView, variables: never, now: string): { week: WeekView };
  touches?(variables: never): string[];
}

const writesByName: Record<string, AnyWrite> = Object.fromEntries(
  [
    toggleWrite,
    moveWrite,
    removeWrite,
    completeSlotWrite,
    dayCompletionWrite,
    restDayWrite,
    addActivitiesWrite,
    createCustomWrite,
  ].map((write) => [write.name, write as unknown as AnyWrite]),
);

const writeOf = (mutation: Pick<Mutation, 'options'>) =>
  writesByName[String(mutation.options.mutationKey?.[1])];

function subscribeToWrites(client: QueryClient, onChange: () => void): () => void {
  const stopMutations = client.getMutationCache().subscribe(onChange);
  const stopOnline = onlineManager.subscribe(onChange);
  return () => {
    stopMutations();
    stopOnline();
  };
}

/** The activities whose change is waiting to sync, as one string (a stable snapshot for React). */
function waitingActivities(client: QueryClient): string {
  return waitingWrites(client)
    .flatMap((mutation) => writeOf(mutation)?.touches?.(mutation.state.variables as never) ?? [])
    .join('\n');
}

/** True while a change to this activity is saved on this device, waiting to be sent. */
export function useWaitingToSync(id: string): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => subscribeToWrites(client, onChange), [client]);
  const waiting = useSyncExternalStore(subscribe, () => waitingActivities(client));
  return useMemo(() => waiting.split('\n').includes(id), [waiting, id]);
}

/** The pending writes to this week, in the order she made them. */
function pendingWritesTo(client: QueryClient, weekStart: string) {
  return client
    .getMutationCache()
    .getAll()
    .filter(
      (mutation) =>
        isQueuedWrite(mutation) &&
        mutation.state.status === 'pending' &&
        (mutation.state.variables as WeekVariables | undefined)?.weekStart === weekStart &&
        !isAnswered((mutation.state.variables as WeekVariables).key),
    );
}

/**
 * The week as she should see it: as last read, with every change she made that the server has not answered yet
 * (each write's `apply` gives the same week when its change already shows). A week read again while writes wait
 * to sync, after a reload for one, still shows them.
 */
export function useWithPendingWrites(week: WeekView | null): WeekView | null {
  const client = useQueryClient();
  const weekStart = week?.weekStart ?? '';
  const subscribe = useCallback((onChange: () => void) => subscribeToWrites(client, onChange), [client]);
  const pending = useSyncExternalStore(subscribe, () =>
    pendingWritesTo(client, weekStart)
      .map((mutation) => mutation.mutationId)
      .join(','),
  );
  return useMemo(() => {
    if (!week || pending === '') return week;
    const now = new Date().toISOString();
    return pendingWritesTo(client, weekStart).reduce((shown, mutation) => {
      const apply = writeOf(mutation)?.apply;
      return apply ? apply(shown, mutation.state.variables as never, now).week : shown;
    }, week);
  }, [client, week, weekStart, pending]);
}

/**
 * The planner's writes over her session's query client: registered before any screen makes one, said once in a
 * calm toast when they start waiting to sync, and kept on this device (loaded on demand, so only the signed-in
 * planner pays for it) so that a reload sends what she did, once.
 */
export function useQueuedWeekWrites(ui: () => PlannerUi): void {
  const client = useQueryClient();
  const api = useApi();
  const { user } = useAuth();
  const owner = user?.id ?? null;
  // Registered while rendering, before the screens below build their mutations from these defaults.
  useMemo(() => registerWeekWrites(client, api, ui), [client, api, ui]);

  useEffect(() => watchQueuedWrites(client, (message) => ui().inform(message)), [client, ui]);

  useEffect(() => {
    if (!owner) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../../lib/api/persisted-writes')
      .then(({ keepQueuedWrites }) => keepQueuedWrites(client, owner))
      .then((stopKeeping) => {
        if (cancelled) stopKeeping();
        else stop = stopKeeping;
      })
      .catch(() => {
        // Without this device's storage the queue still lives in memory.
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, owner]);
}
