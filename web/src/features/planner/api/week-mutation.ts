import type { WeekView } from '@bloom/shared/planner/types';
import { MutationObserver, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type ActionKey, type BloomApi, messageOf, newActionKey, queryKeys } from '../../../lib/api';
import { type QueuedVariables, queuedWriteKey, queuedWriteOptions } from '../../../lib/api/write-queue';
import type { PlannerUi } from '../planner-ui';

/**
 * Every write names the week it changes (the one on screen when she acted, wherever she is by the answer) and
 * carries the key of her action, reused on every attempt (docs/rules.md#errors-and-messages).
 */
export interface WeekVariables extends QueuedVariables {
  weekStart: string;
}

export interface WriteTools {
  ui: PlannerUi;
  client: QueryClient;
  week: WeekView | undefined;
  updateWeek(change: (week: WeekView) => WeekView): void;
}

/**
 * One write to a week: its request, and what it does to the cached week before and after the answer. A write is
 * registered once as mutation defaults (`registerWeekWrite`), so one restored after a reload is sent and settled
 * exactly as one made on this page.
 */
export interface WeekWrite<TVariables extends WeekVariables, TResult, TUndo> {
  /** Its mutation key's name: stable across releases, since saved writes are found by it. */
  name: string;
  send(api: BloomApi, variables: TVariables, client: QueryClient): Promise<TResult>;
  /** The change shown at once, and what undoing it needs. */
  apply?(week: WeekView, variables: TVariables, now: string): { week: WeekView; undo: TUndo };
  /** Puts the server's answer into the week. */
  settle(week: WeekView, result: TResult, variables: TVariables): WeekView;
  /** Takes back what `apply` showed when the write failed (only that change: others may be in flight). */
  undo?(week: WeekView, undo: TUndo, variables: TVariables): WeekView;
  /** True when the answer says a day was just completed (confetti). */
  completedDay?(result: TResult, variables: TVariables): boolean;
  /** The activities whose change this write carries (shown "Waiting to sync" while it waits). */
  touches?(variables: TVariables): string[];
  /** Says a failure; by default a toast with the error's message, or this one. */
  failureMessage: string;
  onFailure?(error: unknown, variables: TVariables, tools: WriteTools): void;
  /** What the answer says beyond the week (a limit reached, a new library entry). */
  onAnswer?(result: TResult, variables: TVariables, tools: WriteTools): void;
}

/** A week write without its key and week: what a screen hands to `useWeekWrite`. */
export type WriteInput<TVariables extends WeekVariables> = Omit<TVariables, 'key' | 'weekStart'> & {
  weekStart: string;
};

export function cachedWeek(queryClient: QueryClient, weekStart: string): WeekView | undefined {
  return queryClient.getQueryData<WeekView>(queryKeys.week(weekStart));
}

export function updateCachedWeek(
  queryClient: QueryClient,
  weekStart: string,
  change: (week: WeekView) => WeekView,
): void {
  queryClient.setQueryData<WeekView>(queryKeys.week(weekStart), (week) => (week ? change(week) : week));
}

/**
 * Actions whose answer (or final failure) has been put into the week. TanStack marks a mutation settled only
 * after its callbacks ran, so the week's overlay of pending writes (`useWithPendingWrites`) skips these.
 */
const answered = new Set<ActionKey>();

export function isAnswered(key: ActionKey): boolean {
  return answered.has(key);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Registers a week write as mutation defaults: the change shows at once (a read of that week in flight is
 * cancelled so it cannot overwrite it), the write is queued while Bloom cannot be reached (lib/api/write-queue),
 * the server's answer replaces the change, and a failure takes back exactly that change and says why. One
 * request per action (docs/rules.md#web-request-budget). `ui` is read when a write settles, so a write restored
 * after a reload speaks through the planner on screen then.
 */
export function registerWeekWrite<TVariables extends WeekVariables, TResult, TUndo>(
  client: QueryClient,
  api: BloomApi,
  ui: () => PlannerUi,
  write: WeekWrite<TVariables, TResult, TUndo>,
): void {
  const tools = (weekStart: string): WriteTools => ({
    ui: ui(),
    client,
    week: cachedWeek(client, weekStart),
    updateWeek: (change) => updateCachedWeek(client, weekStart, change),
  });
  client.setMutationDefaults<TResult, unknown, TVariables, { undo: { value: TUndo } | undefined }>(
    queuedWriteKey(write.name),
    {
      ...queuedWriteOptions,
      mutationFn: async (variables) => {
        // Her change is on screen before the request is made (the pending write shows it as she acts): the
        // request waits for the next task, so the browser paints the change first. Making it (her token read,
        // the fetch started) was a third of a tick's work before its paint (docs/performance.md).
        await nextTask();
        return write.send(api, variables, client);
      },
      onMutate: async (variables) => {
        const { apply } = write;
        if (!apply) return { undo: undefined };
        await client.cancelQueries({ queryKey: queryKeys.week(variables.weekStart) });
        let undo: { value: TUndo } | undefined;
        updateCachedWeek(client, variables.weekStart, (week) => {
          const applied = apply(week, variables, ui().now().toISOString());
          undo = { value: applied.undo };
          return applied.week;
        });
        return { undo };
      },
      onSuccess: (result, variables) => {
        answered.add(variables.key);
        updateCachedWeek(client, variables.weekStart, (week) => write.settle(week, result, variables));
        write.onAnswer?.(result, variables, tools(variables.weekStart));
        if (write.completedDay?.(result, variables)) ui().celebrate();
      },
      onError: (error, variables, context) => {
        answered.add(variables.key);
        const undo = context?.undo;
        if (undo && write.undo) {
          const { undo: takeBack } = write;
          updateCachedWeek(client, variables.weekStart, (week) => takeBack(week, undo.value, variables));
        }
        if (write.onFailure) write.onFailure(error, variables, tools(variables.weekStart));
        else ui().notify(messageOf(error, write.failureMessage));
      },
    },
  );
}

/**
 * A screen's handle on a registered week write: `send` gives her action its key and queues it; `sendAsync`
 * also resolves with the answer (or rejects with the failure). The same functions on every render, so the cards
 * given them are not drawn again for new ones.
 *
 * It is TanStack's own `MutationObserver`, as `useMutation` makes one, without `useMutation`'s subscription: no
 * screen shows a write's own state (the week shows its change), and that subscription drew the whole screen
 * again as each write started, settled and was answered.
 */
export function useWeekWrite<TVariables extends WeekVariables, TResult, TUndo>(
  write: WeekWrite<TVariables, TResult, TUndo>,
) {
  const client = useQueryClient();
  const [observer] = useState(
    () =>
      new MutationObserver<TResult, unknown, TVariables>(client, { mutationKey: queuedWriteKey(write.name) }),
  );
  // As `useMutation` on unmount: its last write is no longer held, so the cache can let it go once settled.
  useEffect(() => () => observer.reset(), [observer]);
  return useMemo(() => {
    const withKey = (input: WriteInput<TVariables>, key: ActionKey = newActionKey()) =>
      ({ ...input, key }) as unknown as TVariables;
    return {
      send: (input: WriteInput<TVariables>) => void observer.mutate(withKey(input)).catch(() => {}),
      sendAsync: (input: WriteInput<TVariables>, key: ActionKey = newActionKey()) =>
        observer.mutate(withKey(input, key)),
    };
  }, [observer]);
}
