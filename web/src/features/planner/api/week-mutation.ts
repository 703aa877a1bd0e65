import type { WeekView } from '@bloom/shared/planner/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BloomApi, messageOf, queryKeys, useApi } from '../../../lib/api';
import { type PlannerUi, usePlannerUi } from '../planner-provider';

/** Every write names the week it changes: the one on screen when she acted, wherever she is by the answer. */
export interface WeekVariables {
  weekStart: string;
}

export interface FailureTools {
  ui: PlannerUi;
  week: WeekView | undefined;
  updateWeek(change: (week: WeekView) => WeekView): void;
}

/** One write to a week: its request, and what it does to the cached week before and after the answer. */
export interface WeekWrite<TVariables extends WeekVariables, TResult, TUndo> {
  send(api: BloomApi, variables: TVariables): Promise<TResult>;
  /** The change shown at once, and what undoing it needs; none for writes whose result only the server knows. */
  apply?(week: WeekView, variables: TVariables, now: string): { week: WeekView; undo: TUndo };
  /** Puts the server's answer into the week. */
  settle(week: WeekView, result: TResult, variables: TVariables): WeekView;
  /** Takes back what `apply` showed when the write failed (only that change: others may be in flight). */
  undo?(week: WeekView, undo: TUndo, variables: TVariables): WeekView;
  /** True when the answer says a day was just completed (confetti). */
  completedDay?(result: TResult, variables: TVariables): boolean;
  /** Says a failure; by default a toast with the error's message, or this one. */
  failureMessage: string;
  onFailure?(error: unknown, variables: TVariables, tools: FailureTools): void;
}

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
 * A week write as a mutation: the change shows at once (a read of that week in flight is cancelled so it
 * cannot overwrite it), the server's answer replaces it, and a failure takes back exactly that change and says
 * why. One request per action (docs/rules.md#web-request-budget).
 */
export function useWeekMutation<TVariables extends WeekVariables, TResult, TUndo = undefined>(
  write: WeekWrite<TVariables, TResult, TUndo>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ui = usePlannerUi();
  return useMutation({
    mutationFn: (variables: TVariables) => write.send(api, variables),
    onMutate: async (variables) => {
      const { apply } = write;
      if (!apply) return { undo: undefined };
      await queryClient.cancelQueries({ queryKey: queryKeys.week(variables.weekStart) });
      let undo: { value: TUndo } | undefined;
      updateCachedWeek(queryClient, variables.weekStart, (week) => {
        const applied = apply(week, variables, ui.now().toISOString());
        undo = { value: applied.undo };
        return applied.week;
      });
      return { undo };
    },
    onSuccess: (result, variables) => {
      updateCachedWeek(queryClient, variables.weekStart, (week) => write.settle(week, result, variables));
      if (write.completedDay?.(result, variables)) ui.celebrate();
    },
    onError: (error, variables, context) => {
      const undo = context?.undo;
      if (undo && write.undo) {
        const { undo: takeBack } = write;
        updateCachedWeek(queryClient, variables.weekStart, (week) => takeBack(week, undo.value, variables));
      }
      if (write.onFailure) {
        write.onFailure(error, variables, {
          ui,
          week: cachedWeek(queryClient, variables.weekStart),
          updateWeek: (change) => updateCachedWeek(queryClient, variables.weekStart, change),
        });
      } else {
        ui.notify(messageOf(error, write.failureMessage));
      }
    },
  });
}
