import type { UpdatePlannedActivityResponse } from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useQueryClient } from '@tanstack/react-query';
import { usePlannerUi } from '../planner-provider';
import * as model from '../week-model';
import { cachedWeek, useWeekMutation, type WeekVariables } from './week-mutation';

/** The activity as it was, and its place in its day, so a failed write puts it back exactly. */
interface Before {
  activity: PlannedActivity;
  index: number;
}

function before(week: Parameters<typeof model.findActivity>[0], id: string): Before {
  return { activity: model.findActivity(week, id) as PlannedActivity, index: model.indexInDay(week, id) };
}

/** The week on screen and one of its activities: the actions below act on what she sees. */
function useOnScreen() {
  const queryClient = useQueryClient();
  const { weekStart } = usePlannerUi();
  return (id: string) => {
    const week = cachedWeek(queryClient, weekStart);
    const activity = week && model.findActivity(week, id);
    return activity ? { weekStart, activity } : null;
  };
}

type Toggle = WeekVariables & { id: string; completed: boolean };

/** Tick or untick: PATCH `{completed}`; ticking the day's last open activity completes the day. */
export function useToggleActivity(): (id: string) => void {
  const onScreen = useOnScreen();
  const { mutate } = useWeekMutation<Toggle, UpdatePlannedActivityResponse, Before>({
    send: (api, { weekStart, id, completed }) => api.updatePlannedActivity(weekStart, id, { completed }),
    apply: (week, { id, completed }, now) => ({
      week: model.setCompleted(week, id, completed, now),
      undo: before(week, id),
    }),
    settle: (week, { activity, completedDays, streak }) =>
      model.withProgress(
        model.setCompleted(week, activity.id, activity.completed, activity.completedAt),
        completedDays,
        streak,
      ),
    undo: (week, { activity }) =>
      model.setCompleted(week, activity.id, activity.completed, activity.completedAt),
    completedDay: (result) => result.dayCompleted,
    failureMessage: CLIENT_MESSAGES.updateActivity,
  });
  return (id) => {
    const found = onScreen(id);
    if (found) mutate({ weekStart: found.weekStart, id, completed: !found.activity.completed });
  };
}

type Move = WeekVariables & { id: string; day: DayIndex; slot: Slot };

/** Drag to another day or slot: PATCH `{day, slot}`. */
export function useMoveActivity(): (id: string, day: DayIndex, slot: Slot) => void {
  const onScreen = useOnScreen();
  const { mutate } = useWeekMutation<Move, UpdatePlannedActivityResponse, Before>({
    send: (api, { weekStart, id, day, slot }) => api.updatePlannedActivity(weekStart, id, { day, slot }),
    apply: (week, { id, day, slot }) => ({
      week: model.moveActivity(week, id, day, slot),
      undo: before(week, id),
    }),
    settle: (week, { activity, completedDays, streak }) =>
      model.withProgress(model.putActivity(week, activity), completedDays, streak),
    undo: (week, { activity, index }) => model.putActivity(week, activity, index),
    completedDay: (result) => result.dayCompleted,
    failureMessage: CLIENT_MESSAGES.updateActivity,
  });
  return (id, day, slot) => {
    const found = onScreen(id);
    if (!found || (found.activity.day === day && found.activity.slot === slot)) return;
    mutate({ weekStart: found.weekStart, id, day, slot });
  };
}

type Remove = WeekVariables & { id: string };

/** Remove from the week: DELETE. */
export function useRemoveActivity(): (id: string) => void {
  const onScreen = useOnScreen();
  const { mutate } = useWeekMutation<Remove, void, Before>({
    send: (api, { weekStart, id }) => api.removePlannedActivity(weekStart, id),
    apply: (week, { id }) => ({ week: model.removeActivity(week, id), undo: before(week, id) }),
    settle: (week) => week,
    undo: (week, { activity, index }) => model.putActivity(week, activity, index),
    failureMessage: CLIENT_MESSAGES.removeActivity,
  });
  return (id) => {
    const found = onScreen(id);
    if (found) mutate({ weekStart: found.weekStart, id });
  };
}
