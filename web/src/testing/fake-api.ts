import type { Profile, WeekPlanChange } from '@bloom/shared/api/schemas';
import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import { ERRORS } from '@bloom/shared/errors/catalogue';
import type { PlanEntry } from '@bloom/shared/plan/generate-plan';
import {
  effectOfNewAnswers,
  type PlanArrangement,
  planSignature,
  replacePlan,
  sameAnswers,
  weekPlan,
} from '@bloom/shared/plan/week-plan';
import { restDayChange } from '@bloom/shared/planner/rest-day';
import {
  activitiesOfDay,
  activitiesOfSlot,
  allowedAdditions,
  checkSlotAdditions,
  dayMarkAfterChange,
  editsFor,
  placeActivity,
} from '@bloom/shared/planner/rules';
import {
  type Activity,
  type DayIndex,
  FREE_DAILY_CUSTOM_ACTIVITY_LIMIT,
  type PlannedActivity,
  type Slot,
  type Tier,
  type WeekView,
} from '@bloom/shared/planner/types';
import { progressSummary } from '@bloom/shared/progress/progress';
import { DEFAULT_QUIZ_ANSWERS, type QuizAnswers } from '@bloom/shared/quiz/quiz';
import { defaultReminderSettings } from '@bloom/shared/reminders/settings';
import { currentStreak } from '@bloom/shared/streak/streak';
import { addDays } from '@bloom/shared/week/week';
import type { BloomApi } from '../lib/api';
import { ApiError, errorFromResponse } from '../lib/api/errors';

/**
 * Test data and an in-memory API for component tests. It keeps no rules of its own: edits, slot checks, day
 * completion, the streak, placement and what new quiz answers do to the week are the shared rules the server
 * applies (shared/src/planner/rules.ts, shared/src/streak/streak.ts, shared/src/plan/week-plan.ts), so the
 * screens are tested against the same answers the server gives.
 */

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
    ...placeActivity(`p${sequence}`, activity, { day, slot }),
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
    restDays: [],
    edits: editsFor(0, 'free'),
    streak: 0,
    today: TODAY,
    ...overrides,
  };
}

export interface FakeApiOptions {
  tier?: Tier;
  /** Her subscription as Stripe reports it (what sync and GET /me answer). */
  subscription?: SubscriptionSummary | null;
  /** Days completed before this week (ISO dates): with the week's own, they make the streak. */
  completedBefore?: string[];
  /** Every call of these names fails with this error (until `setFailing` says otherwise). */
  failing?: Partial<Record<keyof BloomApi, ApiError>>;
  /** The answers her profile holds (none by default). */
  quizAnswers?: QuizAnswers | null;
  /** Whether Bloom planned the week (its activities as given are where Bloom put them); true by default. */
  seeded?: boolean;
}

const refusal = (status: number, code: keyof typeof ERRORS) =>
  errorFromResponse(status, { error: { code, message: ERRORS[code].message } });

export function createFakeApi(initial: WeekView, options: FakeApiOptions = {}) {
  const tier = options.tier ?? 'free';
  const { weekStart, today } = initial;
  const dateOf = (day: DayIndex) => addDays(weekStart, day);
  let plan = structuredClone(initial.days.flatMap((day) => day.activities));
  let used = initial.edits.used;
  const completedDates = new Set([...(options.completedBefore ?? []), ...initial.completedDays.map(dateOf)]);
  const library = [...LIBRARY];
  /** Every call, with the Idempotency-Key a write carried. */
  const calls: Array<{ name: keyof BloomApi; args: unknown[]; key?: string }> = [];
  const failing = { ...options.failing };
  /** As the server: a write whose key it has answered is answered again, not applied again. */
  const answered = new Map<string, unknown>();
  let createdToday = 0;
  let seeded = options.seeded ?? true;
  let plannedSignature = planSignature(plan);
  let arrangement: PlanArrangement | null = null;
  const profile: Profile = {
    id: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    avatarUrl: null,
    timeZone: 'Europe/London',
    tier,
    subscription: options.subscription ?? null,
    quizAnswers: options.quizAnswers ?? null,
  };

  const restDates = new Set(initial.restDays.map(dateOf));
  const completedDays = () =>
    initial.days.map((day) => day.day).filter((day) => completedDates.has(dateOf(day)));
  const restDays = () => initial.days.map((day) => day.day).filter((day) => restDates.has(dateOf(day)));
  const streak = () => currentStreak(completedDates, today, restDates);
  const view = (): WeekView => ({
    ...initial,
    days: initial.days.map((day) => ({ ...day, activities: activitiesOfDay(plan, day.day) })),
    completedDays: completedDays(),
    restDays: restDays(),
    edits: editsFor(used, tier),
    streak: streak(),
  });
  const progress = () => ({ completedDays: completedDays(), streak: streak() });
  /**
   * As the server: a write applies the shared day-completion rule to each day it changes
   * (docs/rules.md#day-completion), and answers whether it marked one, with the marked days and the streak.
   */
  const changeDays = (days: DayIndex[], change: () => void) => {
    const before = new Map(days.map((day) => [day, activitiesOfDay(plan, day)]));
    change();
    const marks = [...before].map(([day, activities]) => {
      const mark = dayMarkAfterChange({
        marked: completedDates.has(dateOf(day)),
        before: activities,
        after: activitiesOfDay(plan, day),
      });
      if (mark === 'mark') completedDates.add(dateOf(day));
      if (mark === 'unmark') completedDates.delete(dateOf(day));
      return mark;
    });
    return { dayCompleted: marks.includes('mark'), ...progress() };
  };
  const replace = (changed: PlannedActivity) => {
    plan = plan.map((entry) => (entry.id === changed.id ? changed : entry));
  };
  const find = (id: string) => {
    const found = plan.find((entry) => entry.id === id);
    if (!found) throw refusal(404, 'not_found');
    return found;
  };

  /** As the server replaces a week's plan (replacePlan): the plan's activities are the catalogue's. */
  const replaceWith = (fresh: readonly PlanEntry[]) => {
    const { remove, add } = replacePlan(plan, completedDays(), fresh);
    const added = add.flatMap((entry) => {
      const activity = findCatalogueActivity(entry.activityId);
      if (!activity) return [];
      sequence += 1;
      return [{ ...placeActivity(`p${sequence}`, activity, entry), completed: false, completedAt: null }];
    });
    const changed = [...new Set([...remove, ...added].map((entry) => entry.day))];
    changeDays(changed, () => {
      plan = [...plan.filter((entry) => !remove.includes(entry)), ...added];
    });
    plannedSignature = planSignature(plan);
    seeded = true;
  };
  const newAnswers = (answers: QuizAnswers, given: PlanArrangement | undefined): WeekPlanChange | null => {
    const changed = !sameAnswers(profile.quizAnswers, answers);
    profile.quizAnswers = answers;
    arrangement = given ?? null;
    if (!changed) return null;
    const effect = effectOfNewAnswers({
      seeded,
      activities: plan,
      editsUsed: used,
      markedDays: completedDays(),
      plannedSignature,
    });
    if (effect === 'replan') replaceWith(weekPlan(answers, weekStart, arrangement));
    return effect === 'none' ? null : { weekStart, outcome: effect === 'replan' ? 'replanned' : 'offered' };
  };

  let reminders = {
    settings: defaultReminderSettings(profile.quizAnswers?.timePreference, profile.timeZone),
    saved: false,
  };

  async function call<T>(name: keyof BloomApi, args: unknown[], run: () => T): Promise<T> {
    calls.push({ name, args });
    await Promise.resolve();
    const failure = failing[name];
    if (failure) throw failure;
    return run();
  }

  /** A write: recorded with its key, and applied once per key however often it is sent. */
  async function write<T>(name: keyof BloomApi, key: string, args: unknown[], run: () => T): Promise<T> {
    calls.push({ name, args, key });
    await Promise.resolve();
    const failure = failing[name];
    if (failure) throw failure;
    if (answered.has(key)) return answered.get(key) as T;
    const result = run();
    answered.set(key, result);
    return result;
  }

  const api: BloomApi = {
    getActivities: () => call('getActivities', [], () => ({ activities: [...library] })),
    getProfile: () => call('getProfile', [], () => profile),
    updateProfile: (key, body) =>
      write('updateProfile', key, [body], () => {
        if (body.timeZone) profile.timeZone = body.timeZone;
        const planChange = body.quizAnswers ? newAnswers(body.quizAnswers, body.planArrangement) : null;
        return { ...profile, planChange };
      }),
    replanWeek: (key, requested) =>
      write('replanWeek', key, [requested], () => {
        replaceWith(weekPlan(profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS, weekStart, arrangement));
        return view();
      }),
    getWeek: (requested) =>
      call('getWeek', [requested], () =>
        requested === weekStart ? view() : makeWeek([], { weekStart: requested }),
      ),
    addActivities: (key, _weekStart, day, slot, activityIds) =>
      write('addActivities', key, [day, slot, activityIds], () => {
        const check = checkSlotAdditions(activitiesOfSlot(plan, day, slot), activityIds);
        if (check === 'duplicate') throw refusal(409, 'already_exists');
        if (check === 'full') throw refusal(409, 'slot_full');
        const count = allowedAdditions(activityIds.length, used, tier);
        if (count === 0) throw refusal(403, 'edit_limit_reached');
        const added = activityIds.slice(0, count).map((id) => planned(id, day, slot));
        const { completedDays, streak } = changeDays([day], () => {
          plan = [...plan, ...added];
        });
        used += count;
        return {
          added,
          refused: activityIds.slice(count),
          edits: editsFor(used, tier),
          completedDays,
          streak,
        };
      }),
    updatePlannedActivity: (key, _weekStart, id, body) =>
      write('updatePlannedActivity', key, [id, body], () => {
        const current = find(id);
        const activity =
          'completed' in body
            ? {
                ...current,
                completed: body.completed,
                completedAt: body.completed ? new Date().toISOString() : null,
              }
            : { ...current, day: body.day, slot: body.slot };
        return { activity, ...changeDays([current.day, activity.day], () => replace(activity)) };
      }),
    removePlannedActivity: (key, _weekStart, id) =>
      write('removePlannedActivity', key, [id], () => {
        return changeDays([find(id).day], () => {
          plan = plan.filter((entry) => entry.id !== id);
        });
      }),
    completeSlot: (key, _weekStart, day, slot) =>
      write('completeSlot', key, [day, slot], () => {
        const opened = activitiesOfSlot(plan, day, slot).filter((entry) => !entry.completed);
        const activities = opened.map((entry) => ({
          ...entry,
          completed: true,
          completedAt: new Date().toISOString(),
        }));
        return {
          activities,
          ...changeDays([day], () => {
            for (const activity of activities) replace(activity);
          }),
        };
      }),
    setDayCompletion: (key, _weekStart, day, completed) =>
      write('setDayCompletion', key, [day, completed], () => {
        if (completed && restDates.has(dateOf(day))) throw refusal(409, 'day_is_rest_day');
        if (completed) completedDates.add(dateOf(day));
        else completedDates.delete(dateOf(day));
        return progress();
      }),
    setRestDay: (key, _weekStart, day, rest) =>
      write('setRestDay', key, [day, rest], () => {
        const change = restDayChange({ restDays: restDays(), completedDays: completedDays() }, day, rest);
        if (change === 'limit') throw refusal(409, 'rest_day_limit');
        if (change === 'completed') throw refusal(409, 'day_already_complete');
        if (change === 'rest') restDates.add(dateOf(day));
        if (change === 'undo') restDates.delete(dateOf(day));
        return { ...progress(), restDays: restDays() };
      }),
    getProgress: () =>
      call('getProgress', [], () =>
        progressSummary(
          today,
          [
            ...[...completedDates].map((date) => ({ date, rest: false })),
            ...[...restDates].map((date) => ({ date, rest: true })),
          ],
          plan.map((entry) => ({ ...entry, weekStart })),
        ),
      ),
    createCalendarLink: (key) =>
      write('createCalendarLink', key, [], () => ({ path: `/api/calendar/${'t'.repeat(43)}.ics` })),
    createCustomActivity: (key, body) =>
      write('createCustomActivity', key, [body], () => {
        if (tier !== 'pro' && createdToday >= FREE_DAILY_CUSTOM_ACTIVITY_LIMIT)
          throw refusal(403, 'daily_action_limit_reached');
        if (allowedAdditions(1, used, tier) === 0) throw refusal(403, 'edit_limit_reached');
        createdToday += 1;
        used += 1;
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
        sequence += 1;
        const entry: PlannedActivity = {
          ...placeActivity(`p${sequence}`, activity, { day: body.day, slot: body.slot }),
          completed: false,
          completedAt: null,
        };
        const { completedDays, streak } = changeDays([body.day], () => {
          plan = [...plan, entry];
        });
        return { activity, planned: entry, edits: editsFor(used, tier), completedDays, streak };
      }),
    sendCoachMessage: (key, message) =>
      write('sendCoachMessage', key, [message], () => ({
        message: `You said: ${message}`,
        fallback: false,
        added: [],
      })),
    getCoachMessages: () => call('getCoachMessages', [], () => ({ turns: [] })),
    clearCoachMessages: (key) => write('clearCoachMessages', key, [], () => undefined),
    openBillingPortal: (key) =>
      write('openBillingPortal', key, [], () => ({ url: 'https://billing.test/portal' })),
    syncSubscription: (key, sessionId) =>
      write('syncSubscription', key, [sessionId], () => ({ tier, subscription: profile.subscription })),
    requestRefund: (key) =>
      write('requestRefund', key, [], () => ({
        amount: 699,
        currency: 'eur',
        subscription: profile.subscription,
      })),
    getReminders: () => call('getReminders', [], () => ({ ...reminders })),
    saveReminders: (key, settings) =>
      write('saveReminders', key, [settings], () => {
        reminders = { settings, saved: true };
        return { ...reminders };
      }),
    savePushSubscription: (key, subscription) =>
      write('savePushSubscription', key, [subscription], () => ({ endpointHash: 'fake' })),
    deletePushSubscription: (key, hash) => write('deletePushSubscription', key, [hash], () => undefined),
    createCheckout: (key, plan) =>
      write('createCheckout', key, [plan], () => ({
        url: `https://checkout.test/${plan}`,
        destination: 'checkout' as const,
      })),
    exportAccount: () =>
      call('exportAccount', [], () => ({
        format: 'bloom-export' as const,
        version: 1 as const,
        exportedAt: `${today}T12:00:00.000Z`,
        exportDate: today,
        account: { id: profile.id, email: profile.email, name: profile.name, avatarUrl: profile.avatarUrl },
        profile: { timeZone: profile.timeZone, tier: profile.tier },
        quizAnswers: profile.quizAnswers,
        subscription: { tier: profile.tier, stripeCustomerId: null, details: profile.subscription },
        weeks: [
          {
            weekStart,
            activities: plan.map((activity) => ({
              ...activity,
              date: dateOf(activity.day),
              completedAt: activity.completedAt ?? undefined,
            })),
          },
        ],
        days: [...completedDates].sort().map((date) => ({ date })),
        customActivities: library
          .filter((activity) => activity.isCustom)
          .map((activity) => ({ ...activity })),
        coachHistory: [],
        other: [],
      })),
    deleteAccount: (key) => write('deleteAccount', key, [], () => undefined),
  };

  /** Makes every call of `name` fail with `error` from now on, or succeed again (null): an outage and its end. */
  const setFailing = (name: keyof BloomApi, error: ApiError | null) => {
    if (error) failing[name] = error;
    else delete failing[name];
  };

  return { api, calls, current: view, setFailing };
}

export { ApiError };
