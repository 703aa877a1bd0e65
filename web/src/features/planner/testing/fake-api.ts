import type { Profile } from '@bloom/shared/api/schemas';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import {
  type Activity,
  type DayIndex,
  FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
  FREE_WEEKLY_EDIT_LIMIT,
  type PlannedActivity,
  type Slot,
  type Tier,
  type WeekView,
} from '@bloom/shared/planner/types';
import { addDays } from '@bloom/shared/week/week';
import type { BloomApi } from '../../../lib/api';
import { ApiError, errorFromResponse } from '../../../lib/api/errors';

/** Test data and an in-memory API that follows the server's rules closely enough to drive the screens. */

export const WEEK_START = '2026-11-16';
export const TODAY = '2026-11-18';

export const LIBRARY: Activity[] = [
  {
    id: 'gratitude',
    name: 'Gratitude journal',
    category: 'Mental',
    duration: 5,
    icon: '📓',
    timePeriod: 'Morning',
    isCustom: false,
  },
  {
    id: 'stretch',
    name: 'Gentle stretch',
    category: 'Physical',
    duration: 10,
    icon: '🤸',
    timePeriod: 'Any',
    isCustom: false,
  },
  {
    id: 'call-friend',
    name: 'Call a friend',
    category: 'Social',
    duration: 15,
    icon: '📞',
    timePeriod: 'Evening',
    isCustom: false,
  },
  {
    id: 'candle',
    name: 'Light a candle',
    category: 'Sensory',
    duration: 5,
    icon: '🕯️',
    timePeriod: 'Evening',
    isCustom: false,
  },
];

let sequence = 0;
export function planned(activityId: string, day: DayIndex, slot: Slot, completed = false): PlannedActivity {
  const activity = LIBRARY.find((entry) => entry.id === activityId) ?? LIBRARY[0];
  if (!activity) throw new Error('empty library');
  sequence += 1;
  return {
    id: `p${sequence}`,
    activityId: activity.id,
    day,
    slot,
    name: activity.name,
    icon: activity.icon,
    duration: activity.duration,
    category: activity.category,
    isCustom: activity.isCustom,
    completed,
    completedAt: completed ? '2026-11-18T08:00:00.000Z' : null,
  };
}

export function makeWeek(activities: PlannedActivity[], overrides: Partial<WeekView> = {}): WeekView {
  return {
    weekStart: WEEK_START,
    days: ([0, 1, 2, 3, 4, 5, 6] as DayIndex[]).map((day) => ({
      day,
      date: addDays(WEEK_START, day),
      activities: activities.filter((activity) => activity.day === day),
    })),
    completedDays: [],
    edits: { used: 0, limit: FREE_WEEKLY_EDIT_LIMIT, remaining: FREE_WEEKLY_EDIT_LIMIT },
    streak: 2,
    today: TODAY,
    ...overrides,
  };
}

export interface FakeApiOptions {
  tier?: Tier;
  /** Every call of these names fails with this error. */
  failing?: Partial<Record<keyof BloomApi, ApiError>>;
}

export function createFakeApi(initial: WeekView, options: FakeApiOptions = {}) {
  let week = structuredClone(initial);
  const library = [...LIBRARY];
  const calls: Array<{ name: keyof BloomApi; args: unknown[] }> = [];
  const tier = options.tier ?? 'free';
  let createdToday = 0;
  const profile: Profile = {
    id: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    avatarUrl: null,
    timeZone: 'Europe/London',
    tier,
    quizAnswers: null,
  };

  const all = () => week.days.flatMap((day) => day.activities);
  const setAll = (activities: PlannedActivity[]) => {
    week = {
      ...week,
      days: week.days.map((day) => ({
        ...day,
        activities: activities.filter((entry) => entry.day === day.day),
      })),
    };
  };
  const autoComplete = (day: DayIndex) => {
    const activities = all().filter((entry) => entry.day === day);
    if (
      activities.length > 0 &&
      activities.every((entry) => entry.completed) &&
      !week.completedDays.includes(day)
    ) {
      week = { ...week, completedDays: [...week.completedDays, day], streak: week.streak + 1 };
      return true;
    }
    return false;
  };
  const spendEdit = () => {
    if (week.edits.limit === null) return true;
    if (week.edits.used >= week.edits.limit) return false;
    const used = week.edits.used + 1;
    week = { ...week, edits: { ...week.edits, used, remaining: week.edits.limit - used } };
    return true;
  };

  async function call<T>(name: keyof BloomApi, args: unknown[], run: () => T): Promise<T> {
    calls.push({ name, args });
    await Promise.resolve();
    const failure = options.failing?.[name];
    if (failure) throw failure;
    return run();
  }

  const api: BloomApi = {
    getActivities: () => call('getActivities', [], () => ({ activities: [...library] })),
    getProfile: () => call('getProfile', [], () => profile),
    updateProfile: (body) => call('updateProfile', [body], () => profile),
    getWeek: (weekStart) =>
      call('getWeek', [weekStart], () =>
        weekStart === week.weekStart ? structuredClone(week) : makeWeek([], { weekStart }),
      ),
    addActivities: (_weekStart, day, slot, activityIds) =>
      call('addActivities', [day, slot, activityIds], () => {
        const added: PlannedActivity[] = [];
        const refused: string[] = [];
        for (const id of activityIds) {
          if (!spendEdit()) {
            refused.push(id);
            continue;
          }
          added.push(planned(id, day, slot));
        }
        if (added.length === 0)
          throw errorFromResponse(403, {
            error: { code: 'edit_limit_reached', message: ERRORS.edit_limit_reached.message },
          });
        setAll([...all(), ...added]);
        return { added, refused, edits: week.edits };
      }),
    updatePlannedActivity: (_weekStart, id, body) =>
      call('updatePlannedActivity', [id, body], () => {
        const current = all().find((entry) => entry.id === id);
        if (!current)
          throw errorFromResponse(404, { error: { code: 'not_found', message: ERRORS.not_found.message } });
        const activity =
          'completed' in body
            ? {
                ...current,
                completed: body.completed,
                completedAt: body.completed ? new Date().toISOString() : null,
              }
            : { ...current, day: body.day, slot: body.slot };
        setAll(all().map((entry) => (entry.id === id ? activity : entry)));
        const dayCompleted = 'completed' in body && body.completed ? autoComplete(activity.day) : false;
        return { activity, dayCompleted, completedDays: week.completedDays, streak: week.streak };
      }),
    removePlannedActivity: (_weekStart, id) =>
      call('removePlannedActivity', [id], () => {
        setAll(all().filter((entry) => entry.id !== id));
      }),
    completeSlot: (_weekStart, day, slot) =>
      call('completeSlot', [day, slot], () => {
        const changed: PlannedActivity[] = [];
        setAll(
          all().map((entry) => {
            if (entry.day !== day || entry.slot !== slot || entry.completed) return entry;
            const done = { ...entry, completed: true, completedAt: new Date().toISOString() };
            changed.push(done);
            return done;
          }),
        );
        const dayCompleted = autoComplete(day);
        return { activities: changed, dayCompleted, completedDays: week.completedDays, streak: week.streak };
      }),
    setDayCompletion: (_weekStart, day, completed) =>
      call('setDayCompletion', [day, completed], () => {
        const others = week.completedDays.filter((entry) => entry !== day);
        week = { ...week, completedDays: completed ? [...others, day] : others };
        return { completedDays: week.completedDays, streak: week.streak };
      }),
    createCustomActivity: (body) =>
      call('createCustomActivity', [body], () => {
        // As the server: the free plan may create FREE_DAILY_CUSTOM_ACTIVITY_LIMIT a day.
        if (tier !== 'pro' && createdToday >= FREE_DAILY_CUSTOM_ACTIVITY_LIMIT)
          throw errorFromResponse(403, {
            error: { code: 'daily_action_limit_reached', message: ERRORS.daily_action_limit_reached.message },
          });
        createdToday += 1;
        const activity: Activity = {
          id: `custom-${library.length}`,
          name: body.name,
          category: body.category,
          duration: body.duration,
          icon: body.icon,
          timePeriod: 'Any',
          isCustom: true,
        };
        library.push(activity);
        const entry: PlannedActivity = {
          ...planned(LIBRARY[0]?.id ?? '', body.day, body.slot),
          activityId: activity.id,
          name: body.name,
          icon: body.icon,
          duration: body.duration,
          category: body.category,
          isCustom: true,
        };
        setAll([...all(), entry]);
        return { activity, planned: entry, edits: week.edits };
      }),
    sendCoachMessage: (message) =>
      call('sendCoachMessage', [message], () => ({ message: `You said: ${message}` })),
  };

  return { api, calls, current: () => week };
}

export { ApiError };
