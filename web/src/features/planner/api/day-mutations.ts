import type { CompleteSlotResponse, DayCompletionResponse, RestDayResponse } from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { DayIndex, PlannedActivity, Slot } from '@bloom/shared/planner/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePlannerUi } from '../planner-ui';
import * as model from '../week-model';
import { cachedWeek, useWeekWrite, type WeekVariables, type WeekWrite } from './week-mutation';

type CompleteSlot = WeekVariables & { day: DayIndex; slot: Slot };
/** What Complete All ticked, and the day mark it showed, for a failure to take back. */
type Opened = { opened: PlannedActivity[]; marks: model.DayMarkChange[] };

/**
 * Complete All in a slot: POST …/slots/{slot}/complete ticks every open activity there; the day is marked at
 * once when that finishes it (docs/rules.md#day-completion).
 */
export const completeSlotWrite: WeekWrite<CompleteSlot, CompleteSlotResponse, Opened> = {
  name: 'complete-slot',
  send: (api, { key, weekStart, day, slot }) => api.completeSlot(key, weekStart, day, slot),
  apply: (week, { day, slot }, now) => {
    const shown = model.withDayMarks(week, model.completeSlot(week, day, slot, now), [day]);
    return { week: shown.week, undo: { opened: openIn(week, day, slot), marks: shown.marks } };
  },
  settle: (week, { activities, completedDays, streak }) =>
    model.withProgress(
      activities.reduce(
        (next, activity) => model.setCompleted(next, activity.id, activity.completed, activity.completedAt),
        week,
      ),
      completedDays,
      streak,
    ),
  undo: (week, { opened, marks }) =>
    model.undoDayMarks(
      opened.reduce((next, activity) => model.setCompleted(next, activity.id, false, null), week),
      marks,
    ),
  completedDay: (result) => result.dayCompleted,
  failureMessage: CLIENT_MESSAGES.updateActivity,
};

export function useCompleteSlot(): (day: DayIndex, slot: Slot) => void {
  const queryClient = useQueryClient();
  const { weekStart } = usePlannerUi();
  const { send } = useWeekWrite(completeSlotWrite);
  return useCallback(
    (day, slot) => {
      const week = cachedWeek(queryClient, weekStart);
      if (week && openIn(week, day, slot).length > 0) send({ weekStart, day, slot });
    },
    [queryClient, weekStart, send],
  );
}

function openIn(
  week: Parameters<typeof model.findActivity>[0],
  day: DayIndex,
  slot: Slot,
): PlannedActivity[] {
  const entry = week.days.find((candidate) => candidate.day === day);
  return entry ? model.activitiesIn(entry, slot).filter((activity) => !activity.completed) : [];
}

type SetDayCompletion = WeekVariables & { day: DayIndex; completed: boolean };

/** Mark Day Complete, or take it back: PUT …/days/{day}/completion. */
export const dayCompletionWrite: WeekWrite<SetDayCompletion, DayCompletionResponse, boolean> = {
  name: 'day-completion',
  send: (api, { key, weekStart, day, completed }) => api.setDayCompletion(key, weekStart, day, completed),
  apply: (week, { day, completed }) => ({
    week: model.setDayCompleted(week, day, completed),
    undo: week.completedDays.includes(day),
  }),
  settle: (week, { completedDays, streak }) => model.withProgress(week, completedDays, streak),
  undo: (week, wasCompleted, { day }) => model.setDayCompleted(week, day, wasCompleted),
  completedDay: (_result, { completed }) => completed,
  failureMessage: CLIENT_MESSAGES.updateActivity,
};

export function useSetDayCompletion(): (day: DayIndex, completed: boolean) => void {
  const queryClient = useQueryClient();
  const { weekStart } = usePlannerUi();
  const { send } = useWeekWrite(dayCompletionWrite);
  return useCallback(
    (day, completed) => {
      const week = cachedWeek(queryClient, weekStart);
      if (week && week.completedDays.includes(day) !== completed) send({ weekStart, day, completed });
    },
    [queryClient, weekStart, send],
  );
}

type SetRestDay = WeekVariables & { day: DayIndex; rest: boolean };

/**
 * Rest day, or take it back: PUT …/days/{day}/rest (docs/rules.md#rest-days). Shown at once; the server keeps
 * it to one a week and says so kindly, and a refusal takes back only what it showed.
 */
export const restDayWrite: WeekWrite<SetRestDay, RestDayResponse, boolean> = {
  name: 'rest-day',
  send: (api, { key, weekStart, day, rest }) => api.setRestDay(key, weekStart, day, rest),
  apply: (week, { day, rest }) => ({
    week: model.setRestDay(week, day, rest),
    undo: week.restDays.includes(day),
  }),
  settle: (week, { completedDays, restDays, streak }) => ({
    ...model.withProgress(week, completedDays, streak),
    restDays,
  }),
  undo: (week, wasRested, { day }) => model.setRestDay(week, day, wasRested),
  failureMessage: CLIENT_MESSAGES.updateActivity,
};

export function useSetRestDay(): (day: DayIndex, rest: boolean) => void {
  const queryClient = useQueryClient();
  const { weekStart } = usePlannerUi();
  const { send } = useWeekWrite(restDayWrite);
  return useCallback(
    (day, rest) => {
      const week = cachedWeek(queryClient, weekStart);
      if (week && week.restDays.includes(day) !== rest) send({ weekStart, day, rest });
    },
    [queryClient, weekStart, send],
  );
}
