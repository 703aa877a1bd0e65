import type { CreateCustomActivityBody, Profile } from '@bloom/shared/api/schemas';
import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { Activity, DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import { addWeeks, todayIn, weekStartOf } from '@bloom/shared/week/week';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, type BloomApi, isAbort, messageOf } from '../../lib/api';
import { getQuizAnswers, setQuizAnswers } from '../../lib/storage';
import { celebrateDayComplete } from './confetti';
import * as model from './week-model';

/** Week loads triggered within this long of the previous navigation wait for the clicks to settle (spec: 500 ms). */
export const WEEK_LOAD_DEBOUNCE_MS = 500;

/** What the upgrade / limit dialog is currently saying, if it is open. */
export type LimitPrompt =
  | { kind: 'weeklyEdits'; limit: number }
  | { kind: 'dailyActions'; message: string }
  | { kind: 'proFeature'; message: string };

export type CreateCustomResult = { ok: true } | { ok: false; error: ApiError };

export interface PlannerState {
  profile: Profile | null;
  /** The activity library (catalogue plus the user's custom activities); null until loaded. */
  library: Activity[] | null;
  weekStart: string;
  /** The loaded week for `weekStart`, or null while it first loads. */
  week: WeekView | null;
  weekError: string | null;
  limitPrompt: LimitPrompt | null;
}

export interface PlannerActions {
  goToWeek(offset: number): void;
  retryWeek(): void;
  toggleActivity(id: string): Promise<void>;
  removeActivity(id: string): Promise<void>;
  moveActivity(id: string, day: DayIndex, slot: Slot): Promise<void>;
  completeSlot(day: DayIndex, slot: Slot): Promise<void>;
  setDayCompleted(day: DayIndex, completed: boolean): Promise<void>;
  /** Resolves true when at least one activity was added. */
  addActivities(day: DayIndex, slot: Slot, activityIds: string[]): Promise<boolean>;
  createCustomActivity(
    fields: Omit<CreateCustomActivityBody, 'weekStart' | 'day'>,
    day: DayIndex,
  ): Promise<CreateCustomResult>;
  showLimitPrompt(prompt: LimitPrompt): void;
  closeLimitPrompt(): void;
}

type Planner = PlannerState & PlannerActions;

const PlannerContext = createContext<Planner | null>(null);

export function usePlanner(): Planner {
  const planner = useContext(PlannerContext);
  if (!planner) throw new Error('usePlanner needs a <PlannerProvider> above it');
  return planner;
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function isLimitError(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

interface PlannerProviderProps {
  api: BloomApi;
  notify: (message: string) => void;
  children: ReactNode;
  /** The clock, so tests can fix "today". */
  now?: () => Date;
  celebrate?: () => void;
}

/**
 * The signed-in planner's data: saves the time zone (and quiz answers kept from before sign-in) once, loads
 * the library and the visible week, and performs every change optimistically, undoing it with a toast when the
 * server refuses, so nothing is lost silently.
 */
export function PlannerProvider({
  api,
  notify,
  children,
  now = () => new Date(),
  celebrate,
}: PlannerProviderProps) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [profileSettled, setProfileSettled] = useState(false);
  const [library, setLibrary] = useState<Activity[] | null>(null);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(todayIn(browserTimeZone(), now())));
  const [weeks, setWeeks] = useState<Record<string, WeekView>>({});
  const [weekError, setWeekError] = useState<string | null>(null);
  const [reloadCount, setReloadCount] = useState(0);
  const [limitPrompt, setLimitPrompt] = useState<LimitPrompt | null>(null);

  const weeksRef = useRef(weeks);
  weeksRef.current = weeks;
  const weekStartRef = useRef(weekStart);
  weekStartRef.current = weekStart;
  const lastNavigationAt = useRef(Number.NEGATIVE_INFINITY);
  const onDayComplete = celebrate ?? (() => void celebrateDayComplete());
  const onDayCompleteRef = useRef(onDayComplete);
  onDayCompleteRef.current = onDayComplete;

  // Once per sign-in: the time zone (so "today" and streaks are the user's) and any quiz answers given before
  // signing in, which the server turns into the personalised plan when it first builds the week.
  useEffect(() => {
    let active = true;
    const quizAnswers = getQuizAnswers();
    api
      .updateProfile({ timeZone: browserTimeZone(), ...(quizAnswers ? { quizAnswers } : {}) })
      .then(
        (saved) => {
          if (quizAnswers) setQuizAnswers(null);
          if (active) setProfile(saved);
        },
        async (error: unknown) => {
          // Answers the server rejects would be rejected on every load; keep going with the saved profile.
          if (error instanceof ApiError && error.status === 400) setQuizAnswers(null);
          if (active) notify(messageOf(error));
          const saved = await api.getProfile().catch(() => null);
          if (active && saved) setProfile(saved);
        },
      )
      .finally(() => {
        if (active) setProfileSettled(true);
      });
    return () => {
      active = false;
    };
  }, [api, notify]);

  useEffect(() => {
    const controller = new AbortController();
    api.getActivities(controller.signal).then(
      (response) => setLibrary(response.activities),
      (error: unknown) => {
        if (isAbort(error)) return;
        setLibrary([]);
        notify(messageOf(error, CLIENT_MESSAGES.loadActivities));
      },
    );
    return () => controller.abort();
  }, [api, notify]);

  // The visible week: loaded after the profile is saved; quick successive navigation waits until the clicks
  // settle, and a load for a week no longer shown is aborted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadCount is the retry trigger
  useEffect(() => {
    if (!profileSettled) return;
    const controller = new AbortController();
    const sinceLast = Date.now() - lastNavigationAt.current;
    const delay = sinceLast < WEEK_LOAD_DEBOUNCE_MS ? WEEK_LOAD_DEBOUNCE_MS : 0;
    const timer = setTimeout(() => {
      api.getWeek(weekStart, controller.signal).then(
        (loaded) => {
          setWeekError(null);
          setWeeks((current) => ({ ...current, [weekStart]: loaded }));
        },
        (error: unknown) => {
          if (isAbort(error)) return;
          const message = messageOf(error, CLIENT_MESSAGES.loadYourActivities);
          setWeekError(message);
          notify(message);
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, notify, profileSettled, weekStart, reloadCount]);

  const updateWeek = useCallback((target: string, change: (week: WeekView) => WeekView) => {
    setWeeks((current) => {
      const week = current[target];
      return week ? { ...current, [target]: change(week) } : current;
    });
  }, []);

  const goToWeek = useCallback((offset: number) => {
    lastNavigationAt.current = Date.now();
    setWeekError(null);
    setWeekStart((current) => addWeeks(current, offset));
  }, []);

  const retryWeek = useCallback(() => {
    setWeekError(null);
    setReloadCount((count) => count + 1);
  }, []);

  const toggleActivity = useCallback(
    async (id: string) => {
      const target = weekStartRef.current;
      const before = weeksRef.current[target] && model.findActivity(weeksRef.current[target], id);
      if (!before) return;
      const completed = !before.completed;
      updateWeek(target, (week) => model.setCompleted(week, id, completed, now().toISOString()));
      try {
        const result = await api.updatePlannedActivity(target, id, { completed });
        updateWeek(target, (week) =>
          model.withProgress(
            model.setCompleted(week, id, result.activity.completed, result.activity.completedAt),
            result.completedDays,
            result.streak,
          ),
        );
        if (result.dayCompleted) onDayCompleteRef.current();
      } catch (error) {
        updateWeek(target, (week) => model.setCompleted(week, id, before.completed, before.completedAt));
        notify(messageOf(error, CLIENT_MESSAGES.updateActivity));
      }
    },
    [api, notify, now, updateWeek],
  );

  const removeActivity = useCallback(
    async (id: string) => {
      const target = weekStartRef.current;
      const week = weeksRef.current[target];
      const before = week && model.findActivity(week, id);
      if (!week || !before) return;
      const index = model.indexInDay(week, id);
      updateWeek(target, (current) => model.removeActivity(current, id));
      try {
        await api.removePlannedActivity(target, id);
      } catch (error) {
        updateWeek(target, (current) => model.putActivity(current, before, index));
        notify(messageOf(error, CLIENT_MESSAGES.removeActivity));
      }
    },
    [api, notify, updateWeek],
  );

  const moveActivity = useCallback(
    async (id: string, day: DayIndex, slot: Slot) => {
      const target = weekStartRef.current;
      const week = weeksRef.current[target];
      const before = week && model.findActivity(week, id);
      if (!week || !before || (before.day === day && before.slot === slot)) return;
      const index = model.indexInDay(week, id);
      updateWeek(target, (current) => model.moveActivity(current, id, day, slot));
      try {
        const result = await api.updatePlannedActivity(target, id, { day, slot });
        updateWeek(target, (current) =>
          model.withProgress(
            model.putActivity(current, result.activity),
            result.completedDays,
            result.streak,
          ),
        );
        if (result.dayCompleted) onDayCompleteRef.current();
      } catch (error) {
        updateWeek(target, (current) => model.putActivity(current, before, index));
        notify(messageOf(error, CLIENT_MESSAGES.updateActivity));
      }
    },
    [api, notify, updateWeek],
  );

  const completeSlot = useCallback(
    async (day: DayIndex, slot: Slot) => {
      const target = weekStartRef.current;
      const week = weeksRef.current[target];
      const dayEntry = week?.days.find((entry) => entry.day === day);
      if (!week || !dayEntry) return;
      const undone = model.activitiesIn(dayEntry, slot).filter((activity) => !activity.completed);
      if (undone.length === 0) return;
      updateWeek(target, (current) => model.completeSlot(current, day, slot, now().toISOString()));
      try {
        const result = await api.completeSlot(target, day, slot);
        updateWeek(target, (current) => {
          let next = current;
          for (const activity of result.activities) {
            next = model.setCompleted(next, activity.id, activity.completed, activity.completedAt);
          }
          return model.withProgress(next, result.completedDays, result.streak);
        });
        if (result.dayCompleted) onDayCompleteRef.current();
      } catch (error) {
        updateWeek(target, (current) =>
          undone.reduce((next, activity) => model.setCompleted(next, activity.id, false, null), current),
        );
        notify(messageOf(error, CLIENT_MESSAGES.updateActivity));
      }
    },
    [api, notify, now, updateWeek],
  );

  const setDayCompleted = useCallback(
    async (day: DayIndex, completed: boolean) => {
      const target = weekStartRef.current;
      const week = weeksRef.current[target];
      if (!week) return;
      const wasCompleted = week.completedDays.includes(day);
      if (wasCompleted === completed) return;
      updateWeek(target, (current) => model.setDayCompleted(current, day, completed));
      try {
        const result = await api.setDayCompletion(target, day, completed);
        updateWeek(target, (current) => model.withProgress(current, result.completedDays, result.streak));
        if (completed) onDayCompleteRef.current();
      } catch (error) {
        updateWeek(target, (current) => model.setDayCompleted(current, day, wasCompleted));
        notify(messageOf(error, CLIENT_MESSAGES.updateActivity));
      }
    },
    [api, notify, updateWeek],
  );

  const addActivities = useCallback(
    async (day: DayIndex, slot: Slot, activityIds: string[]) => {
      const target = weekStartRef.current;
      if (activityIds.length === 0) return false;
      try {
        const result = await api.addActivities(target, day, slot, activityIds);
        updateWeek(target, (current) =>
          model.withEdits(
            result.added.reduce((next, planned) => model.putActivity(next, planned), current),
            result.edits,
          ),
        );
        if (result.refused.length > 0) {
          setLimitPrompt({ kind: 'weeklyEdits', limit: result.edits.limit ?? result.edits.used });
        }
        return result.added.length > 0;
      } catch (error) {
        if (isLimitError(error, 'edit_limit_reached')) {
          const edits = weeksRef.current[target]?.edits;
          if (edits?.limit != null) {
            updateWeek(target, (current) => model.withEdits(current, { ...current.edits, remaining: 0 }));
          }
          setLimitPrompt({ kind: 'weeklyEdits', limit: edits?.limit ?? edits?.used ?? 10 });
        } else if (isLimitError(error, 'pro_required')) {
          setLimitPrompt({ kind: 'proFeature', message: error.message });
        } else {
          notify(messageOf(error, CLIENT_MESSAGES.addActivity));
        }
        return false;
      }
    },
    [api, notify, updateWeek],
  );

  const createCustomActivity = useCallback(
    async (
      fields: Omit<CreateCustomActivityBody, 'weekStart' | 'day'>,
      day: DayIndex,
    ): Promise<CreateCustomResult> => {
      const target = weekStartRef.current;
      if (!Number.isInteger(fields.duration) || fields.duration < 1) {
        return {
          ok: false,
          error: new ApiError(CLIENT_MESSAGES.invalidDuration, { status: 0, code: 'unknown' }),
        };
      }
      try {
        const result = await api.createCustomActivity({ ...fields, weekStart: target, day });
        setLibrary((current) => (current ? [...current, result.activity] : [result.activity]));
        updateWeek(target, (current) =>
          model.withEdits(model.putActivity(current, result.planned), result.edits),
        );
        return { ok: true };
      } catch (caught) {
        const error =
          caught instanceof ApiError
            ? caught
            : new ApiError(CLIENT_MESSAGES.createActivity, { status: 0, code: 'unknown' });
        if (error.code === 'daily_action_limit_reached') {
          setLimitPrompt({ kind: 'dailyActions', message: error.message });
        } else if (error.code === 'edit_limit_reached') {
          const edits = weeksRef.current[target]?.edits;
          setLimitPrompt({ kind: 'weeklyEdits', limit: edits?.limit ?? 10 });
        } else if (error.code === 'pro_required') {
          setLimitPrompt({ kind: 'proFeature', message: error.message });
        }
        return { ok: false, error };
      }
    },
    [api, updateWeek],
  );

  const closeLimitPrompt = useCallback(() => setLimitPrompt(null), []);

  const value = useMemo<Planner>(
    () => ({
      profile,
      library,
      weekStart,
      week: weeks[weekStart] ?? null,
      weekError,
      limitPrompt,
      goToWeek,
      retryWeek,
      toggleActivity,
      removeActivity,
      moveActivity,
      completeSlot,
      setDayCompleted,
      addActivities,
      createCustomActivity,
      showLimitPrompt: setLimitPrompt,
      closeLimitPrompt,
    }),
    [
      profile,
      library,
      weekStart,
      weeks,
      weekError,
      limitPrompt,
      goToWeek,
      retryWeek,
      toggleActivity,
      removeActivity,
      moveActivity,
      completeSlot,
      setDayCompleted,
      addActivities,
      createCustomActivity,
      closeLimitPrompt,
    ],
  );

  return <PlannerContext.Provider value={value}>{children}</PlannerContext.Provider>;
}

/** For component tests: a planner with fixed state and supplied actions. */
export const PlannerStateProvider = PlannerContext.Provider;
