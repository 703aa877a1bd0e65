import type { RemoveActivityResponse, UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePlannerUi } from '../planner-ui';
import * as model from '../week-model';
import { cachedWeek, useWeekWrite, type WeekVariables, type WeekWrite } from './week-mutation';

/**
 * The activity as it was, its place in its day, and the day marks the change showed, so a failed write puts
 * back exactly what it changed.
 */
interface Before {
  activity: PlannedActivity;
  index: number;
  marks: model.DayMarkChange[];
}

type Week = Parameters<typeof model.findActivity>[0];

/**
 * Shows a change to one activity at once, with the days it touched marked or unmarked by the shared rule as
 * the server will (docs/rules.md#day-completion).
 */
function show(
  week: Week,
  id: string,
  change: (week: Week) => Week,
  days: DayIndex[],
): { week: Week; undo: Before | null } {
  const activity = model.findActivity(week, id);
  // Gone already (removed, or not in the week read again): nothing to show or take back.
  if (!activity) return { week, undo: null };
  const shown = model.withDayMarks(week, change(week), [activity.day, ...days]);
  return { week: shown.week, undo: { activity, index: model.indexInDay(week, id), marks: shown.marks } };
}

/** Puts the activity back where it was and takes back the marks its change showed. */
function putBack(week: Week, before: Before | null): Week {
  if (!before) return week;
  return model.undoDayMarks(model.putActivity(week, before.activity, before.index), before.marks);
}

/** The week on screen and one of its activities: the actions below act on what she sees. */
function useOnScreen() {
  const queryClient = useQueryClient();
  const { weekStart } = usePlannerUi();
  return useCallback(
    (id: string) => {
      const week = cachedWeek(queryClient, weekStart);
      const activity = week && model.findActivity(week, id);
      return activity ? { weekStart, activity } : null;
    },
    [queryClient, weekStart],
  );
}

type Toggle = WeekVariables & { id: string; completed: boolean };

/** Tick or untick: PATCH `{completed}`; ticking the day's last open activity completes the day. */
export const toggleWrite: WeekWrite<Toggle, UpdatePlannedActivityResponse, Before | null> = {
  name: 'toggle-activity',
  send: (api, { key, weekStart, id, completed }) =>
    api.updatePlannedActivity(key, weekStart, id, { completed }),
  apply: (week, { id, completed }, now) =>
    show(week, id, (current) => model.setCompleted(current, id, completed, now), []),
  settle: (week, { activity, completedDays, streak }) =>
    model.withProgress(
      model.setCompleted(week, activity.id, activity.completed, activity.completedAt),
      completedDays,
      streak,
    ),
  undo: (week, before) =>
    !before
      ? week
      : model.undoDayMarks(
          model.setCompleted(
            week,
            before.activity.id,
            before.activity.completed,
            before.activity.completedAt,
          ),
          before.marks,
        ),
  completedDay: (result) => result.dayCompleted,
  touches: ({ id }) => [id],
  failureMessage: CLIENT_MESSAGES.updateActivity,
};

export function useToggleActivity(): (id: string) => void {
  const onScreen = useOnScreen();
  const { send } = useWeekWrite(toggleWrite);
  return useCallback(
    (id) => {
      const found = onScreen(id);
      if (found) send({ weekStart: found.weekStart, id, completed: !found.activity.completed });
    },
    [onScreen, send],
  );
}

type Move = WeekVariables & { id: string; day: DayIndex; slot: Slot };

/** Drag to another day or slot: PATCH `{day, slot}`; both days' marks follow the shared rule. */
export const moveWrite: WeekWrite<Move, UpdatePlannedActivityResponse, Before | null> = {
  name: 'move-activity',
  send: (api, { key, weekStart, id, day, slot }) =>
    api.updatePlannedActivity(key, weekStart, id, { day, slot }),
  apply: (week, { id, day, slot }) =>
    show(week, id, (current) => model.moveActivity(current, id, day, slot), [day]),
  settle: (week, { activity, completedDays, streak }) =>
    model.withProgress(model.putActivity(week, activity), completedDays, streak),
  undo: putBack,
  completedDay: (result) => result.dayCompleted,
  touches: ({ id }) => [id],
  failureMessage: CLIENT_MESSAGES.updateActivity,
};

export function useMoveActivity(): (id: string, day: DayIndex, slot: Slot) => void {
  const onScreen = useOnScreen();
  const { send } = useWeekWrite(moveWrite);
  return useCallback(
    (id, day, slot) => {
      const found = onScreen(id);
      if (!found || (found.activity.day === day && found.activity.slot === slot)) return;
      send({ weekStart: found.weekStart, id, day, slot });
    },
    [onScreen, send],
  );
}

type Remove = WeekVariables & { id: string };

/**
 * Remove from the week: DELETE. Removing the last open activity of a day whose others are done completes it;
 * removing a completed day's last activity unmarks it.
 */
export const removeWrite: WeekWrite<Remove, RemoveActivityResponse, Before | null> = {
  name: 'remove-activity',
  send: (api, { key, weekStart, id }) => api.removePlannedActivity(key, weekStart, id),
  apply: (week, { id }) => show(week, id, (current) => model.removeActivity(current, id), []),
  settle: (week, { completedDays, streak }) => model.withProgress(week, completedDays, streak),
  undo: putBack,
  completedDay: (result) => result.dayCompleted,
  failureMessage: CLIENT_MESSAGES.removeActivity,
};

export function useRemoveActivity(): (id: string) => void {
  const onScreen = useOnScreen();
  const { send } = useWeekWrite(removeWrite);
  return useCallback(
    (id) => {
      const found = onScreen(id);
      if (found) send({ weekStart: found.weekStart, id });
    },
    [onScreen, send],
  );
}
