import type {
  ActivitiesResponse,
  AddActivitiesResponse,
  CreateCustomActivityBody,
  CreateCustomActivityResponse,
} from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { Activity, DayIndex, Slot } from '@bloom/shared/planner/types';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, messageOf, queryKeys } from '../../../lib/api';
import { limitPromptFor, weeklyEditsPrompt } from '../limit-prompt';
import { usePlannerUi } from '../planner-provider';
import * as model from '../week-model';
import { useWeekMutation, type WeekVariables } from './week-mutation';

type AddActivities = WeekVariables & { day: DayIndex; slot: Slot; activityIds: string[] };

/**
 * Add Selected: POST …/days/{day}/activities. The free plan may add only what its weekly edits allow; reaching
 * the limit, what the server refused, or a refusal of the whole add opens the limit dialog
 * (docs/rules.md#weekly-edit-limit).
 * Resolves true when at least one activity was added.
 */
export function useAddActivities(): (day: DayIndex, slot: Slot, activityIds: string[]) => Promise<boolean> {
  const { weekStart, showLimitPrompt } = usePlannerUi();
  const { mutateAsync } = useWeekMutation<AddActivities, AddActivitiesResponse, undefined>({
    send: (api, variables) =>
      api.addActivities(variables.weekStart, variables.day, variables.slot, variables.activityIds),
    // The server's answer says whether a completed day reopened (docs/rules.md#day-completion).
    settle: (week, { added, edits, completedDays, streak }) =>
      model.withProgress(
        model.withEdits(
          added.reduce((next, planned) => model.putActivity(next, planned), week),
          edits,
        ),
        completedDays,
        streak,
      ),
    failureMessage: CLIENT_MESSAGES.addActivity,
    onFailure: (error, _variables, { ui, week, updateWeek }) => {
      const prompt = limitPromptFor(error, week?.edits);
      if (!prompt) return ui.notify(messageOf(error, CLIENT_MESSAGES.addActivity));
      // The server counted every edit already: the pill should say so without another read.
      if (prompt.kind === 'weeklyEdits' && week?.edits.limit != null) {
        updateWeek((current) => model.withEdits(current, { ...current.edits, remaining: 0 }));
      }
      ui.showLimitPrompt(prompt);
    },
  });
  return async (day, slot, activityIds) => {
    if (activityIds.length === 0) return false;
    try {
      const result = await mutateAsync({ weekStart, day, slot, activityIds });
      // The edit that reaches the limit is kept, and the dialog says so at once, not on the next try.
      if (result.refused.length > 0 || result.edits.remaining === 0)
        showLimitPrompt(weeklyEditsPrompt(result.edits));
      return result.added.length > 0;
    } catch {
      return false; // said by onFailure
    }
  };
}

/** A failure the web noticed itself (no HTTP status to speak of). */
const clientFailure = (message: string) => new ApiError(message, { status: 0, code: 'unknown' });

export type CustomActivityFields = Omit<CreateCustomActivityBody, 'weekStart' | 'day'>;
export type CreateCustomResult = { ok: true } | { ok: false; error: ApiError };
type CreateCustom = WeekVariables & { day: DayIndex; fields: CustomActivityFields };

/**
 * Create Custom Activity: POST /api/activities makes the activity and plans it on that day in one write. It
 * joins the library and the week; a limit opens the limit dialog, anything else is for the form to show.
 */
export function useCreateCustomActivity(): (
  fields: CustomActivityFields,
  day: DayIndex,
) => Promise<CreateCustomResult> {
  const queryClient = useQueryClient();
  const { weekStart, showLimitPrompt } = usePlannerUi();
  const addToLibrary = (activity: Activity) =>
    queryClient.setQueryData<ActivitiesResponse>(queryKeys.activities, (library) =>
      library && !library.activities.some((known) => known.id === activity.id)
        ? { activities: [...library.activities, activity] }
        : library,
    );
  const { mutateAsync } = useWeekMutation<CreateCustom, CreateCustomActivityResponse, undefined>({
    send: async (api, { weekStart: target, day, fields }) => {
      const created = await api.createCustomActivity({ ...fields, weekStart: target, day });
      if (!created?.activity?.id) throw clientFailure(CLIENT_MESSAGES.createCustomActivity);
      if (!created.planned?.id) {
        // The activity exists but has no place in her day: it joins her library, and she is told.
        addToLibrary(created.activity);
        throw clientFailure(CLIENT_MESSAGES.addToTimeSlot);
      }
      return created;
    },
    settle: (week, { planned, edits, completedDays, streak }) =>
      model.withProgress(model.withEdits(model.putActivity(week, planned), edits), completedDays, streak),
    failureMessage: CLIENT_MESSAGES.createActivity,
    onFailure: (error, _variables, { ui, week }) => {
      const prompt = limitPromptFor(error, week?.edits);
      if (prompt) ui.showLimitPrompt(prompt);
    },
  });
  return async (fields, day) => {
    if (!Number.isInteger(fields.duration) || fields.duration < 1) {
      return { ok: false, error: clientFailure(CLIENT_MESSAGES.invalidDuration) };
    }
    try {
      const { activity, edits } = await mutateAsync({ weekStart, day, fields });
      if (edits.remaining === 0) showLimitPrompt(weeklyEditsPrompt(edits));
      addToLibrary(activity);
      return { ok: true };
    } catch (caught) {
      if (!(caught instanceof ApiError))
        return { ok: false, error: clientFailure(CLIENT_MESSAGES.createActivity) };
      // The limit dialog is open (onFailure); the form keeps her draft and says why nothing was created.
      if (caught.code === 'edit_limit_reached') {
        return {
          ok: false,
          error: new ApiError(CLIENT_MESSAGES.createAtEditLimit, {
            status: caught.status,
            code: caught.code,
          }),
        };
      }
      return { ok: false, error: caught };
    }
  };
}
