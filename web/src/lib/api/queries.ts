import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import { queryOptions } from '@tanstack/react-query';
import type { BloomApi } from './bloom-api';

/** Every key of the query cache, so a write knows exactly what it changes. */
export const queryKeys = {
  me: ['me'] as const,
  activities: ['activities'] as const,
  weeks: ['week'] as const,
  week: (weekStart: string) => ['week', weekStart] as const,
  reminders: ['reminders'] as const,
};

/** Her profile. Read only when saving it at sign-in failed, which has said so already. */
export const meQuery = (api: BloomApi) =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.getProfile(signal),
    meta: { silent: true },
  });

/** The activity library: the catalogue plus her custom activities. */
export const activitiesQuery = (api: BloomApi) =>
  queryOptions({
    queryKey: queryKeys.activities,
    queryFn: ({ signal }) => api.getActivities(signal),
    meta: { failureMessage: CLIENT_MESSAGES.loadActivities },
  });

export const weekQuery = (api: BloomApi, weekStart: string) =>
  queryOptions({
    queryKey: queryKeys.week(weekStart),
    queryFn: ({ signal }) => api.getWeek(weekStart, signal),
    meta: { failureMessage: CLIENT_MESSAGES.loadYourActivities },
  });

/** Her reminder settings (docs/rules.md#reminders). */
export const remindersQuery = (api: BloomApi) =>
  queryOptions({
    queryKey: queryKeys.reminders,
    queryFn: ({ signal }) => api.getReminders(signal),
  });
