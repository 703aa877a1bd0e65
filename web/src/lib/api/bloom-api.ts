import type {
  ActivitiesResponse,
  AddActivitiesResponse,
  CompleteSlotResponse,
  CreateCustomActivityBody,
  CreateCustomActivityResponse,
  DayCompletionResponse,
  Profile,
  RemoveActivityResponse,
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
import type { ChatTurn, CoachMessageResponse } from '@bloom/shared/coach/messages';
import type { DayIndex, Slot, WeekView } from '@bloom/shared/planner/types';
import type { PushSubscriptionJson, ReminderSettings } from '@bloom/shared/reminders/settings';
import type { Http } from './http';

const week = (weekStart: string) => `/api/weeks/${encodeURIComponent(weekStart)}`;

export interface RemindersResponse {
  settings: ReminderSettings;
  /** False while she has never saved any: the settings are the defaults her quiz answer suggests. */
  saved: boolean;
}

/** Every call of Bloom's API, typed by the shared contract. */
export function createBloomApi(http: Http) {
  return {
    getActivities: (signal?: AbortSignal) =>
      http.get<ActivitiesResponse>('/api/activities', signal ? { signal } : {}),
    getProfile: (signal?: AbortSignal) => http.get<Profile>('/api/me', signal ? { signal } : {}),
    updateProfile: (body: UpdateProfileBody) => http.send<UpdateProfileResponse>('PUT', '/api/me', body),
    getWeek: (weekStart: string, signal?: AbortSignal) =>
      http.get<WeekView>(week(weekStart), signal ? { signal } : {}),
    /** Replaces the week's plan with one from her current answers (ticks stay, no edit is spent). */
    replanWeek: (weekStart: string) => http.send<WeekView>('POST', `${week(weekStart)}/replan`),
    addActivities: (weekStart: string, day: DayIndex, slot: Slot, activityIds: string[]) =>
      http.send<AddActivitiesResponse>('POST', `${week(weekStart)}/days/${day}/activities`, {
        slot,
        activityIds,
      }),
    updatePlannedActivity: (weekStart: string, id: string, body: UpdatePlannedActivityBody) =>
      http.send<UpdatePlannedActivityResponse>(
        'PATCH',
        `${week(weekStart)}/activities/${encodeURIComponent(id)}`,
        body,
      ),
    removePlannedActivity: (weekStart: string, id: string) =>
      http.send<RemoveActivityResponse>('DELETE', `${week(weekStart)}/activities/${encodeURIComponent(id)}`),
    completeSlot: (weekStart: string, day: DayIndex, slot: Slot) =>
      http.send<CompleteSlotResponse>('POST', `${week(weekStart)}/days/${day}/slots/${slot}/complete`),
    setDayCompletion: (weekStart: string, day: DayIndex, completed: boolean) =>
      http.send<DayCompletionResponse>('PUT', `${week(weekStart)}/days/${day}/completion`, { completed }),
    createCustomActivity: (body: CreateCustomActivityBody) =>
      http.send<CreateCustomActivityResponse>('POST', '/api/activities', body),
    sendCoachMessage: (message: string, conversationHistory: ChatTurn[]) =>
      http.send<CoachMessageResponse>('POST', '/api/coach/messages', { message, conversationHistory }),
    createCheckout: (plan: Plan) => http.send<CheckoutResponse>('POST', '/api/billing/checkout', { plan }),
    openBillingPortal: () => http.send<PortalResponse>('POST', '/api/billing/portal'),
    /** After Checkout: Bloom asks Stripe for her subscription now instead of waiting for its webhook. */
    syncSubscription: (sessionId?: string) =>
      http.send<SyncResponse>('POST', '/api/billing/sync', sessionId ? { sessionId } : {}),
    requestRefund: () => http.send<RefundResponse>('POST', '/api/billing/refund'),
    getReminders: (signal?: AbortSignal) =>
      http.get<RemindersResponse>('/api/me/reminders', signal ? { signal } : {}),
    saveReminders: (settings: ReminderSettings) =>
      http.send<RemindersResponse>('PUT', '/api/me/reminders', settings),
    /** This device gets her reminders. */
    savePushSubscription: (subscription: PushSubscriptionJson) =>
      http.send<{ endpointHash: string }>('PUT', '/api/me/push-subscriptions', subscription),
    /** This device no longer does: named by its endpoint's SHA-256 (hex). */
    deletePushSubscription: (endpointHash: string) =>
      http.send<undefined>('DELETE', `/api/me/push-subscriptions/${encodeURIComponent(endpointHash)}`),
  };
}

export type BloomApi = ReturnType<typeof createBloomApi>;
