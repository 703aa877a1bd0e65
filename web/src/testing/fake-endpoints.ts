import { restDayChange } from '@bloom/shared/planner/rest-day';
import {
  activitiesOfSlot,
  allowedAdditions,
  checkSlotAdditions,
  editsFor,
} from '@bloom/shared/planner/rules';
import { FREE_DAILY_CUSTOM_ACTIVITY_LIMIT } from '@bloom/shared/planner/types';
import { progressSummary } from '@bloom/shared/progress/progress';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import type { BloomApi } from '../lib/api';
import { makeWeek, planned } from './fake-data';
import { type FakeServer, refusal } from './fake-server';

/** How an endpoint is answered: a read is recorded; a write is recorded with its key and applied once per key. */
export interface Calls {
  call<T>(name: keyof BloomApi, args: unknown[], run: () => T): Promise<T>;
  write<T>(name: keyof BloomApi, key: string, args: unknown[], run: () => T): Promise<T>;
}

/** The library, her profile and her week's plan as a whole. */
export function planEndpoints(server: FakeServer, { call, write }: Calls) {
  const { profile, weekStart } = server;
  return {
    getActivities: () => call('getActivities', [], () => ({ activities: [...server.library] })),
    getProfile: () => call('getProfile', [], () => profile),
    updateProfile: (key, body) =>
      write('updateProfile', key, [body], () => {
        if (body.timeZone) profile.timeZone = body.timeZone;
        if (body.locale) profile.locale = body.locale;
        const planChange = body.quizAnswers
          ? server.newAnswers(body.quizAnswers, body.planArrangement)
          : null;
        return { ...profile, planChange };
      }),
    replanWeek: (key, requested) =>
      write('replanWeek', key, [requested], () => {
        server.replan(profile.quizAnswers ?? DEFAULT_QUIZ_ANSWERS);
        return server.view();
      }),
    getWeek: (requested) =>
      call('getWeek', [requested], () =>
        requested === weekStart ? server.view() : makeWeek([], { weekStart: requested }),
      ),
    getProgress: () =>
      call('getProgress', [], () =>
        progressSummary(
          server.today,
          [
            ...[...server.completedDates].map((date) => ({ date, rest: false })),
            ...[...server.restDates].map((date) => ({ date, rest: true })),
          ],
          server.plan.map((entry) => ({ ...entry, weekStart })),
        ),
      ),
    createCustomActivity: (key, body) =>
      write('createCustomActivity', key, [body], () => {
        if (server.tier !== 'pro' && server.createdToday >= FREE_DAILY_CUSTOM_ACTIVITY_LIMIT)
          throw refusal(403, 'daily_action_limit_reached');
        if (allowedAdditions(1, server.used, server.tier) === 0) throw refusal(403, 'edit_limit_reached');
        server.createdToday += 1;
        server.used += 1;
        const { activity, entry } = server.createCustom(body);
        const { completedDays, streak } = server.changeDays([body.day], () => {
          server.plan = [...server.plan, entry];
        });
        return { activity, planned: entry, edits: editsFor(server.used, server.tier), completedDays, streak };
      }),
  } satisfies Partial<BloomApi>;
}

/** Changes to a day's activities and marks. */
export function dayEndpoints(server: FakeServer, { write }: Calls) {
  return {
    addActivities: (key, _weekStart, day, slot, activityIds) =>
      write('addActivities', key, [day, slot, activityIds], () => {
        const check = checkSlotAdditions(activitiesOfSlot(server.plan, day, slot), activityIds);
        if (check === 'duplicate') throw refusal(409, 'already_exists');
        if (check === 'full') throw refusal(409, 'slot_full');
        const count = allowedAdditions(activityIds.length, server.used, server.tier);
        if (count === 0) throw refusal(403, 'edit_limit_reached');
        const added = activityIds.slice(0, count).map((id) => planned(id, day, slot));
        const { completedDays, streak } = server.changeDays([day], () => {
          server.plan = [...server.plan, ...added];
        });
        server.used += count;
        const edits = editsFor(server.used, server.tier);
        return { added, refused: activityIds.slice(count), edits, completedDays, streak };
      }),
    updatePlannedActivity: (key, _weekStart, id, body) =>
      write('updatePlannedActivity', key, [id, body], () => {
        const current = server.find(id);
        const activity =
          'completed' in body
            ? {
                ...current,
                completed: body.completed,
                completedAt: body.completed ? new Date().toISOString() : null,
              }
            : { ...current, day: body.day, slot: body.slot };
        return {
          activity,
          ...server.changeDays([current.day, activity.day], () => server.replace(activity)),
        };
      }),
    removePlannedActivity: (key, _weekStart, id) =>
      write('removePlannedActivity', key, [id], () => {
        return server.changeDays([server.find(id).day], () => {
          server.plan = server.plan.filter((entry) => entry.id !== id);
        });
      }),
    completeSlot: (key, _weekStart, day, slot) =>
      write('completeSlot', key, [day, slot], () => {
        const opened = activitiesOfSlot(server.plan, day, slot).filter((entry) => !entry.completed);
        const activities = opened.map((entry) => ({
          ...entry,
          completed: true,
          completedAt: new Date().toISOString(),
        }));
        return {
          activities,
          ...server.changeDays([day], () => {
            for (const activity of activities) server.replace(activity);
          }),
        };
      }),
    setDayCompletion: (key, _weekStart, day, completed) =>
      write('setDayCompletion', key, [day, completed], () => {
        if (completed && server.restDates.has(server.dateOf(day))) throw refusal(409, 'day_is_rest_day');
        if (completed) server.completedDates.add(server.dateOf(day));
        else server.completedDates.delete(server.dateOf(day));
        return server.progress();
      }),
    setRestDay: (key, _weekStart, day, rest) =>
      write('setRestDay', key, [day, rest], () => {
        const marks = { restDays: server.restDays(), completedDays: server.completedDays() };
        const change = restDayChange(marks, day, rest);
        if (change === 'limit') throw refusal(409, 'rest_day_limit');
        if (change === 'completed') throw refusal(409, 'day_already_complete');
        if (change === 'rest') server.restDates.add(server.dateOf(day));
        if (change === 'undo') server.restDates.delete(server.dateOf(day));
        return { ...server.progress(), restDays: server.restDays() };
      }),
  } satisfies Partial<BloomApi>;
}

/** The coach, billing, reminders, the calendar link and her account. */
export function accountEndpoints(server: FakeServer, { call, write }: Calls) {
  const { profile, tier } = server;
  return {
    createCalendarLink: (key) =>
      write('createCalendarLink', key, [], () => ({ path: `/api/calendar/${'t'.repeat(43)}.ics` })),
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
    getReminders: () => call('getReminders', [], () => ({ ...server.reminders })),
    saveReminders: (key, settings) =>
      write('saveReminders', key, [settings], () => {
        server.reminders = { settings, saved: true };
        return { ...server.reminders };
      }),
    savePushSubscription: (key, subscription) =>
      write('savePushSubscription', key, [subscription], () => ({ endpointHash: 'fake' })),
    deletePushSubscription: (key, hash) => write('deletePushSubscription', key, [hash], () => undefined),
    createCheckout: (key, plan) =>
      write('createCheckout', key, [plan], () => ({
        url: `https://checkout.test/${plan}`,
        destination: 'checkout' as const,
      })),
    exportAccount: () => call('exportAccount', [], () => exportOf(server)),
    deleteAccount: (key) => write('deleteAccount', key, [], () => undefined),
  } satisfies Partial<BloomApi>;
}

/** Everything the fake server holds of her, as `GET /api/me/export` answers it. */
function exportOf(server: FakeServer) {
  const { profile, today } = server;
  return {
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
        weekStart: server.weekStart,
        activities: server.plan.map((activity) => ({
          ...activity,
          date: server.dateOf(activity.day),
          completedAt: activity.completedAt ?? undefined,
        })),
      },
    ],
    days: [...server.completedDates].sort().map((date) => ({ date })),
    customActivities: server.library
      .filter((activity) => activity.isCustom)
      .map((activity) => ({ ...activity })),
    coachHistory: [],
    other: [],
  };
}
