import type {
  ActivitiesResponse,
  AddActivitiesResponse,
  CreateCustomActivityBody,
  CreateCustomActivityResponse,
} from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { DayIndex, Slot } from '@bloom/shared/planner/types';
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
    settle: (week, { added, edits }) =>
      model.withEdits(
        added.reduce((next, planned) => model.putActivity(next, planned), week),
        edits,
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
  const { mutateAsync } = useWeekMutation<CreateCustom, CreateCustomActivityResponse, undefined>({
    send: (api, { weekStart: target, day, fields }) =>
      api.createCustomActivity({ ...fields, weekStart: target, day }),
    settle: (week, { planned, edits }) => model.withEdits(model.putActivity(week, planned), edits),
    failureMessage: CLIENT_MESSAGES.createActivity,
    onFailure: (error, _variables, { ui, week }) => {
      const prompt = limitPromptFor(error, week?.edits);
      if (prompt) ui.showLimitPrompt(prompt);
    },
  });
  return async (fields, day) => {
    if (!Number.isInteger(fields.duration) || fields.duration < 1) {
      return {
        ok: false,
        error: new ApiError(CLIENT_MESSAGES.invalidDuration, { status: 0, code: 'unknown' }),
      };
    }
    try {
      const { activity, edits } = await mutateAsync({ weekStart, day, fields });
      if (edits.remaining === 0) showLimitPrompt(weeklyEditsPrompt(edits));
      queryClient.setQueryData<ActivitiesResponse>(queryKeys.activities, (library) =>
        library ? { activities: [...library.activities, activity] } : library,
      );
      return { ok: true };
    } catch (caught) {
      const error =
        caught instanceof ApiError
          ? caught
          : new ApiError(CLIENT_MESSAGES.createActivity, { status: 0, code: 'unknown' });
      return { ok: false, error };
    }
  };
}
