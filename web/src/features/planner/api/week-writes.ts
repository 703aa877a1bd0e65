import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BloomApi } from '../../../lib/api';
import { useApi } from '../../../lib/api';
import { waitingWrites, watchQueuedWrites } from '../../../lib/api/write-queue';
import { useAuth } from '../../../lib/auth';
import type { PlannerUi } from '../planner-provider';
import { addActivitiesWrite, createCustomWrite } from './add-mutations';
import { completeSlotWrite, dayCompletionWrite } from './day-mutations';
import { moveWrite, removeWrite, toggleWrite } from './planned-activity-mutations';
import { registerWeekWrite } from './week-mutation';

/** Every write of the planner, registered once per query client so a write saved on this device can be sent. */
export function registerWeekWrites(client: QueryClient, api: BloomApi, ui: () => PlannerUi): void {
  registerWeekWrite(client, api, ui, toggleWrite);
  registerWeekWrite(client, api, ui, moveWrite);
  registerWeekWrite(client, api, ui, removeWrite);
  registerWeekWrite(client, api, ui, completeSlotWrite);
  registerWeekWrite(client, api, ui, dayCompletionWrite);
  registerWeekWrite(client, api, ui, addActivitiesWrite);
  registerWeekWrite(client, api, ui, createCustomWrite);
}

const touchesOf: Record<string, ((variables: never) => string[]) | undefined> = {
  [toggleWrite.name]: toggleWrite.touches,
  [moveWrite.name]: moveWrite.touches,
  [addActivitiesWrite.name]: addActivitiesWrite.touches,
  [createCustomWrite.name]: createCustomWrite.touches,
};

/** The activities whose change is waiting to sync, as one string (a stable snapshot for React). */
function waitingActivities(client: QueryClient): string {
  return waitingWrites(client)
    .flatMap((mutation) => {
      const touches = touchesOf[String(mutation.options.mutationKey?.[1])];
      return touches ? touches(mutation.state.variables as never) : [];
    })
    .join('\n');
}

/** True while a change to this activity is saved on this device, waiting to be sent. */
export function useWaitingToSync(id: string): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stopMutations = client.getMutationCache().subscribe(onChange);
      const stopOnline = onlineManager.subscribe(onChange);
      return () => {
        stopMutations();
        stopOnline();
      };
    },
    [client],
  );
  const waiting = useSyncExternalStore(subscribe, () => waitingActivities(client));
  return useMemo(() => waiting.split('\n').includes(id), [waiting, id]);
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
