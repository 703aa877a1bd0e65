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
  /** Every call of these names fails with this error. */
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
  const calls: Array<{ name: keyof BloomApi; args: unknown[] }> = [];
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

  const completedDays = () =>
    initial.days.map((day) => day.day).filter((day) => completedDates.has(dateOf(day)));
  const streak = () => currentStreak(completedDates, today);
  const view = (): WeekView => ({
    ...initial,
    days: initial.days.map((day) => ({ ...day, activities: activitiesOfDay(plan, day.day) })),
    completedDays: completedDays(),
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
    const failure = options.failing?.[name];
    if (failure) throw failure;
    return run();
  }

  const api: BloomApi = {
    getActivities: () => call('getActivities', [], () => ({ activities: [...library] })),
    getProfile: () => call('getProfile', [], () => profile),
    updateProfile: (body) =>
      call('updateProfile', [body], () => {
        if (body.timeZone) profile.timeZone = body.timeZone;
        const planChange = body.quizAnswers ? newAnswers(body.quizAnswers, body.planArrangement) : null;
        return { ...profile, planChange };
      }),
    replanWeek: (requested) =>
      call('replanWeek', [requested], () => {
        replaceWith(weekPlan(profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS, weekStart, arrangement));
        return view();
      }),
    getWeek: (requested) =>
      call('getWeek', [requested], () =>
        requested === weekStart ? view() : makeWeek([], { weekStart: requested }),
      ),
    addActivities: (_weekStart, day, slot, activityIds) =>
      call('addActivities', [day, slot, activityIds], () => {
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
    updatePlannedActivity: (_weekStart, id, body) =>
      call('updatePlannedActivity', [id, body], () => {
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
    removePlannedActivity: (_weekStart, id) =>
      call('removePlannedActivity', [id], () => {
        return changeDays([find(id).day], () => {
          plan = plan.filter((entry) => entry.id !== id);
        });
      }),
    completeSlot: (_weekStart, day, slot) =>
      call('completeSlot', [day, slot], () => {
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
    setDayCompletion: (_weekStart, day, completed) =>
      call('setDayCompletion', [day, completed], () => {
        if (completed) completedDates.add(dateOf(day));
        else completedDates.delete(dateOf(day));
        return progress();
      }),
    createCustomActivity: (body) =>
      call('createCustomActivity', [body], () => {
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
    sendCoachMessage: (message) =>
      call('sendCoachMessage', [message], () => ({ message: `You said: ${message}`, fallback: false })),
    openBillingPortal: () => call('openBillingPortal', [], () => ({ url: 'https://billing.test/portal' })),
    syncSubscription: (sessionId) =>
      call('syncSubscription', [sessionId], () => ({ tier, subscription: profile.subscription })),
    getReminders: () => call('getReminders', [], () => ({ ...reminders })),
    saveReminders: (settings) =>
      call('saveReminders', [settings], () => {
        reminders = { settings, saved: true };
        return { ...reminders };
      }),
    savePushSubscription: (subscription) =>
      call('savePushSubscription', [subscription], () => ({ endpointHash: 'fake' })),
    deletePushSubscription: (hash) => call('deletePushSubscription', [hash], () => undefined),
    requestRefund: () =>
      call('requestRefund', [], () => ({ amount: 699, currency: 'eur', subscription: profile.subscription })),
    createCheckout: (plan) =>
      call('createCheckout', [plan], () => ({
        url: `https://checkout.test/${plan}`,
        destination: 'checkout' as const,
      })),
  };

  return { api, calls, current: view };
}

export { ApiError };
