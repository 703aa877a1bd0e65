import type {
  ActivitiesResponse,
  AddActivitiesResponse,
  CreateCustomActivityBody,
  CreateCustomActivityResponse,
} from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { Activity, DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ApiError, messageOf, newActionKey, queryKeys } from '../../../lib/api';
import { sentOrQueued } from '../../../lib/api/write-queue';
import { limitPromptFor, weeklyEditsPrompt } from '../limit-prompt';
import { usePlannerUi } from '../planner-ui';
import * as model from '../week-model';
import { useWeekWrite, type WeekVariables, type WeekWrite } from './week-mutation';

type Shown = Pick<Activity, 'id' | 'name' | 'icon' | 'duration' | 'category' | 'isCustom'>;

/** Her placeholders for what she added, shown on their day at once, with the day's mark by the shared rule. */
function showPlaceholders(week: WeekView, key: string, shown: Shown[], day: DayIndex, slot: Slot) {
  const placed = shown.reduce(
    (next, activity) => model.putActivity(next, model.placeholderFor(key, activity, day, slot)),
    week,
  );
  const marked = model.withDayMarks(week, placed, [day]);
  return { week: marked.week, undo: marked.marks };
}

const placeholderIds = (key: string, shown: Shown[], day: DayIndex, slot: Slot) =>
  shown.map((activity) => model.placeholderFor(key, activity, day, slot).id);

type AddActivities = WeekVariables & {
  day: DayIndex;
  slot: Slot;
  activityIds: string[];
  /** What her placeholders show until the answer comes. */
  shown: Shown[];
};

/**
 * Add Selected: POST …/days/{day}/activities. The free plan may add only what its weekly edits allow; reaching
 * the limit, what the server refused, or a refusal of the whole add opens the limit dialog
 * (docs/rules.md#weekly-edit-limit).
 */
export const addActivitiesWrite: WeekWrite<AddActivities, AddActivitiesResponse, model.DayMarkChange[]> = {
  name: 'add-activities',
  send: (api, { key, weekStart, day, slot, activityIds }) =>
    api.addActivities(key, weekStart, day, slot, activityIds),
  apply: (week, { key, shown, day, slot }) => showPlaceholders(week, key, shown, day, slot),
  // The server's answer says whether a completed day reopened (docs/rules.md#day-completion).
  settle: (week, { added, edits, completedDays, streak }, { key }) =>
    model.withProgress(
      model.withEdits(
        added.reduce(
          (next, planned) => model.putActivity(next, planned),
          model.withoutPlaceholders(week, key),
        ),
        edits,
      ),
      completedDays,
      streak,
    ),
  undo: (week, marks, { key }) => model.undoDayMarks(model.withoutPlaceholders(week, key), marks),
  touches: ({ key, shown, day, slot }) => placeholderIds(key, shown, day, slot),
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
  // The edit that reaches the limit is kept, and the dialog says so at once, not on the next try.
  onAnswer: ({ refused, edits }, _variables, { ui }) => {
    if (refused.length > 0 || edits.remaining === 0) ui.showLimitPrompt(weeklyEditsPrompt(edits));
  },
};

function libraryEntries(client: QueryClient, ids: string[]): Shown[] {
  const library = client.getQueryData<ActivitiesResponse>(queryKeys.activities)?.activities ?? [];
  return ids.flatMap((id) => {
    const found = library.find((activity) => activity.id === id);
    return found ? [found] : [];
  });
}

/**
 * Resolves true when the activities were added, or are waiting to sync (shown on her day, sent when Bloom can
 * be reached); false when the add failed (said already).
 */
export function useAddActivities(): (day: DayIndex, slot: Slot, activityIds: string[]) => Promise<boolean> {
  const client = useQueryClient();
  const { weekStart } = usePlannerUi();
  const { sendAsync } = useWeekWrite(addActivitiesWrite);
  return async (day, slot, activityIds) => {
    if (activityIds.length === 0) return false;
    const key = newActionKey();
    const shown = libraryEntries(client, activityIds);
    try {
      const outcome = await sentOrQueued(
        client,
        key,
        sendAsync({ weekStart, day, slot, activityIds, shown }, key),
      );
      return outcome.queued || outcome.result.added.length > 0;
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

const addToLibrary = (client: QueryClient, activity: Activity) =>
  client.setQueryData<ActivitiesResponse>(queryKeys.activities, (library) =>
    library && !library.activities.some((known) => known.id === activity.id)
      ? { activities: [...library.activities, activity] }
      : library,
  );

/** The activity she is making, as her placeholder shows it until the server names it. */
const draftOf = ({ name, icon, duration, category }: CustomActivityFields): Shown => ({
  id: 'custom',
  name,
  icon,
  duration,
  category,
  isCustom: true,
});

/**
 * Create Custom Activity: POST /api/activities makes the activity and plans it on that day in one write. It
 * joins the library and the week; a limit opens the limit dialog, anything else is for the form to show.
 */
export const createCustomWrite: WeekWrite<CreateCustom, CreateCustomActivityResponse, model.DayMarkChange[]> =
  {
    name: 'create-custom-activity',
    send: async (api, { key, weekStart, day, fields }, client) => {
      const created = await api.createCustomActivity(key, { ...fields, weekStart, day });
      if (!created?.activity?.id) throw clientFailure(CLIENT_MESSAGES.createCustomActivity);
      if (!created.planned?.id) {
        // The activity exists but has no place in her day: it joins her library, and she is told.
        addToLibrary(client, created.activity);
        throw clientFailure(CLIENT_MESSAGES.addToTimeSlot);
      }
      return created;
    },
    apply: (week, { key, day, fields }) => showPlaceholders(week, key, [draftOf(fields)], day, fields.slot),
    settle: (week, { planned, edits, completedDays, streak }, { key }) =>
      model.withProgress(
        model.withEdits(model.putActivity(model.withoutPlaceholders(week, key), planned), edits),
        completedDays,
        streak,
      ),
    undo: (week, marks, { key }) => model.undoDayMarks(model.withoutPlaceholders(week, key), marks),
    touches: ({ key, day, fields }) => placeholderIds(key, [draftOf(fields)], day, fields.slot),
    failureMessage: CLIENT_MESSAGES.createActivity,
    onFailure: (error, _variables, { ui, week }) => {
      const prompt = limitPromptFor(error, week?.edits);
      if (prompt) ui.showLimitPrompt(prompt);
    },
    onAnswer: ({ activity, edits }, _variables, { ui, client }) => {
      addToLibrary(client, activity);
      if (edits.remaining === 0) ui.showLimitPrompt(weeklyEditsPrompt(edits));
    },
  };

/**
 * Resolves ok when the activity was created, or is waiting to sync (shown on her day, sent when Bloom can be
 * reached); otherwise the failure for the form to show.
 */
export function useCreateCustomActivity(): (
  fields: CustomActivityFields,
  day: DayIndex,
) => Promise<CreateCustomResult> {
  const client = useQueryClient();
  const { weekStart } = usePlannerUi();
  const { sendAsync } = useWeekWrite(createCustomWrite);
  return async (fields, day) => {
    if (!Number.isInteger(fields.duration) || fields.duration < 1) {
      return { ok: false, error: clientFailure(CLIENT_MESSAGES.invalidDuration) };
    }
    const key = newActionKey();
    try {
      await sentOrQueued(client, key, sendAsync({ weekStart, day, fields }, key));
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
