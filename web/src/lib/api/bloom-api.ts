import type { BloomExport } from '@bloom/shared/account/export';
import type {
  ActivitiesResponse,
  AddActivitiesResponse,
  CalendarLinkResponse,
  CompleteSlotResponse,
  CreateCustomActivityBody,
  CreateCustomActivityResponse,
  DayCompletionResponse,
  Profile,
  RemoveActivityResponse,
  RestDayResponse,
  UpdatePlannedActivityBody,
  UpdatePlannedActivityResponse,
  UpdateProfileBody,
  UpdateProfileResponse,
} from '@bloom/shared/api/schemas';
import type {
  CheckoutResponse,
  PortalResponse,
  RefundResponse,
  SyncResponse,
} from '@bloom/shared/billing/checkout';
import type { Plan } from '@bloom/shared/billing/plans';
import type { CoachHistoryResponse, CoachMessageResponse } from '@bloom/shared/coach/messages';
import { COACH_REPLY_BROWSER_TIMEOUT_MS } from '@bloom/shared/coach/reply-timeout';
import type { DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import type { ProgressView } from '@bloom/shared/progress/progress';
import type { PushSubscriptionJson, ReminderSettings } from '@bloom/shared/reminders/settings';
import type { ActionKey, Http } from './http';

const week = (weekStart: string) => `/api/weeks/${encodeURIComponent(weekStart)}`;

export interface RemindersResponse {
  settings: ReminderSettings;
  /** False while she has never saved any: the settings are the defaults her quiz answer suggests. */
  saved: boolean;
}

/**
 * Every call of Bloom's API, typed by the shared contract. Every write takes the key of the action it sends
 * (`newActionKey()` when she acts), to be reused on every retry of that action.
 */
export function createBloomApi(http: Http) {
  return {
    getActivities: (signal?: AbortSignal) =>
      http.get<ActivitiesResponse>('/api/activities', signal ? { signal } : {}),
    getProfile: (signal?: AbortSignal) => http.get<Profile>('/api/me', signal ? { signal } : {}),
    updateProfile: (key: ActionKey, body: UpdateProfileBody) =>
      http.send<UpdateProfileResponse>('PUT', '/api/me', key, body),
    getWeek: (weekStart: string, signal?: AbortSignal) =>
      http.get<WeekView>(week(weekStart), signal ? { signal } : {}),
    /** Replaces the week's plan with one from her current answers (ticks stay, no edit is spent). */
    replanWeek: (key: ActionKey, weekStart: string) =>
      http.send<WeekView>('POST', `${week(weekStart)}/replan`, key),
    addActivities: (key: ActionKey, weekStart: string, day: DayIndex, slot: Slot, activityIds: string[]) =>
      http.send<AddActivitiesResponse>('POST', `${week(weekStart)}/days/${day}/activities`, key, {
        slot,
        activityIds,
      }),
    updatePlannedActivity: (key: ActionKey, weekStart: string, id: string, body: UpdatePlannedActivityBody) =>
      http.send<UpdatePlannedActivityResponse>(
        'PATCH',
        `${week(weekStart)}/activities/${encodeURIComponent(id)}`,
        key,
        body,
      ),
    removePlannedActivity: (key: ActionKey, weekStart: string, id: string) =>
      http.send<RemoveActivityResponse>(
        'DELETE',
        `${week(weekStart)}/activities/${encodeURIComponent(id)}`,
        key,
      ),
    completeSlot: (key: ActionKey, weekStart: string, day: DayIndex, slot: Slot) =>
      http.send<CompleteSlotResponse>('POST', `${week(weekStart)}/days/${day}/slots/${slot}/complete`, key),
    setDayCompletion: (key: ActionKey, weekStart: string, day: DayIndex, completed: boolean) =>
      http.send<DayCompletionResponse>('PUT', `${week(weekStart)}/days/${day}/completion`, key, {
        completed,
      }),
    /** Takes the day as her rest day, or takes it back (docs/rules.md#rest-days). */
    setRestDay: (key: ActionKey, weekStart: string, day: DayIndex, rest: boolean) =>
      http.send<RestDayResponse>('PUT', `${week(weekStart)}/days/${day}/rest`, key, { rest }),
    getProgress: (signal?: AbortSignal) =>
      http.get<ProgressView>('/api/me/progress', signal ? { signal } : {}),
    /** A new private calendar feed address; the one before stops working. */
    createCalendarLink: (key: ActionKey) => http.send<CalendarLinkResponse>('POST', '/api/me/calendar', key),
    createCustomActivity: (key: ActionKey, body: CreateCustomActivityBody) =>
      http.send<CreateCustomActivityResponse>('POST', '/api/activities', key, body),
    /** Only her new message: Bloom keeps the conversation on the server. */
    sendCoachMessage: (key: ActionKey, message: string) =>
      http.send<CoachMessageResponse>(
        'POST',
        '/api/coach/messages',
        key,
        { message },
        { timeoutMs: COACH_REPLY_BROWSER_TIMEOUT_MS },
      ),
    getCoachMessages: (signal?: AbortSignal) =>
      http.get<CoachHistoryResponse>('/api/coach/messages', signal ? { signal } : {}),
    /** "Start fresh": deletes the stored conversation. */
    clearCoachMessages: (key: ActionKey) => http.send<void>('DELETE', '/api/coach/messages', key),
    createCheckout: (key: ActionKey, plan: Plan) =>
      http.send<CheckoutResponse>('POST', '/api/billing/checkout', key, { plan }),
    openBillingPortal: (key: ActionKey) => http.send<PortalResponse>('POST', '/api/billing/portal', key),
    /** After Checkout: Bloom asks Stripe for her subscription now instead of waiting for its webhook. */
    syncSubscription: (key: ActionKey, sessionId?: string) =>
      http.send<SyncResponse>('POST', '/api/billing/sync', key, sessionId ? { sessionId } : {}),
    requestRefund: (key: ActionKey) => http.send<RefundResponse>('POST', '/api/billing/refund', key),
    /** Everything Bloom holds about her, as one document. */
    exportAccount: () => http.get<BloomExport>('/api/me/export'),
    /** Deletes her account, her subscription and her sign-in; safe to ask again after a failure. */
    deleteAccount: (key: ActionKey) => http.send<void>('DELETE', '/api/me', key),
    getReminders: (signal?: AbortSignal) =>
      http.get<RemindersResponse>('/api/me/reminders', signal ? { signal } : {}),
    saveReminders: (key: ActionKey, settings: ReminderSettings) =>
      http.send<RemindersResponse>('PUT', '/api/me/reminders', key, settings),
    /** This device gets her reminders. */
    savePushSubscription: (key: ActionKey, subscription: PushSubscriptionJson) =>
      http.send<{ endpointHash: string }>('PUT', '/api/me/push-subscriptions', key, subscription),
    /** This device no longer does: named by its endpoint's SHA-256 (hex). */
    deletePushSubscription: (key: ActionKey, endpointHash: string) =>
      http.send<undefined>('DELETE', `/api/me/push-subscriptions/${encodeURIComponent(endpointHash)}`, key),
  };
}

export type BloomApi = ReturnType<typeof createBloomApi>;
