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
  progress: ['progress'] as const,
  coachMessages: ['coach', 'messages'] as const,
};

/** Her conversation with Bloom, as the server keeps it. */
export const coachMessagesQuery = (api: Pick<BloomApi, 'getCoachMessages'>) =>
  queryOptions({
    queryKey: queryKeys.coachMessages,
    queryFn: ({ signal }) => api.getCoachMessages(signal),
    meta: { silent: true },
  });

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

/** "Your progress": her last 12 weeks, one request (GET /api/me/progress), read again each time it opens. */
export const progressQuery = (api: BloomApi) =>
  queryOptions({
    queryKey: queryKeys.progress,
    queryFn: ({ signal }) => api.getProgress(signal),
    staleTime: 0,
    meta: { silent: true },
  });
