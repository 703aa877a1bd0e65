import type { Plan } from '@bloom/shared/billing/plans';
import type { SubscriptionStatus } from '@bloom/shared/billing/subscription';
import type { Locale } from '@bloom/shared/i18n/locales';
import type { PlanArrangement } from '@bloom/shared/plan/week-plan';
import type { Activity, Category, DayIndex, PlannedActivity, Slot, Tier } from '@bloom/shared/planner/types';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';

/** The shapes stored in the table (see table.ts for keys). Attributes absent in DynamoDB are optional here. */

export interface ProfileItem {
  pk: string;
  sk: 'PROFILE';
  email?: string;
  name?: string;
  avatarUrl?: string | null;
  timeZone?: string;
  /** Her language (docs/rules.md#languages); absent until the web first saves one, then English is assumed. */
  locale?: Locale;
  tier?: Tier;
  quizAnswers?: QuizAnswers;
  /** How she arranged the preview of the plan her answers make; applied when Bloom plans that week. */
  planArrangement?: PlanArrangement;
  stripeCustomerId?: string;
  /**
   * Her subscription as the last sync read it from Stripe (billing/sync.ts); absent while she has none. `tier`
   * follows from the status, and only a sync writes these.
   */
  subscriptionId?: string;
  subscriptionStatus?: SubscriptionStatus;
  subscriptionPlan?: Plan | null;
  /** ISO timestamp: the renewal date, or the last moment of Pro when she cancelled. */
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  /** Atomic counter: each sync takes the next ticket before it asks Stripe. */
  syncTicket?: number;
  /** The ticket of the sync whose reading is stored: a sync with a lower ticket may no longer write. */
  syncedTicket?: number;
  /** ISO timestamp of the stored reading. */
  syncedAt?: string;
  /** SHA-256 of her calendar feed's token, so a new link deletes the old one's lookup (calendar/link.ts). */
  calendarTokenHash?: string;
  /** ISO timestamp: she asked for her account to be deleted; nothing but the deletion is served (account/). */
  deletingAt?: string;
}

/** `CALTOKEN#{sha256 of the token}`: whose calendar feed a token opens. */
export interface CalendarTokenItem {
  pk: string;
  sk: string;
  userId: string;
  createdAt: string;
}

export interface WeekItem {
  pk: string;
  sk: string;
  weekStart: string;
  edits?: number;
  seededAt?: string;
  /**
   * One counter a day (dayRev0 to dayRev6), moved by every write that changes that day's activities, so a
   * write that decides the day's mark from a read can make its transaction fail if the day changed since.
   */
  [revision: `dayRev${number}`]: number | undefined;
  /** Where Bloom put each activity when it last planned the week (planSignature), to tell an untouched week. */
  planSignature?: string;
  /** The week's rest day, if she took one: written with its `DAY#` mark, so a week holds at most one. */
  restDay?: DayIndex;
}

export interface PlannedItem {
  pk: string;
  sk: string;
  id: string;
  weekStart: string;
  activityId: string;
  day: DayIndex;
  slot: Slot;
  name: string;
  icon: string;
  duration: number;
  category: Category;
  isCustom: boolean;
  /** Absent while not done: conditions test attribute_exists(completedAt). */
  completedAt?: string;
  createdAt: string;
}

/**
 * A day's mark: completed, or (with `kind: 'rest'`) her rest day. One key a day, so the two exclude each other
 * (docs/rules.md#rest-days); a mark without `kind` is a completed day, as every mark was before rest days.
 */
export interface CompletedDayItem {
  pk: string;
  sk: string;
  weekStart: string;
  day: DayIndex;
  date: string;
  completedAt?: string;
  kind?: typeof REST_KIND;
  restedAt?: string;
}

export const REST_KIND = 'rest';

export interface CustomActivityItem {
  pk: string;
  sk: string;
  id: string;
  name: string;
  category: Category;
  duration: number;
  icon: string;
  createdAt: string;
}

export function toPlannedActivity(item: PlannedItem): PlannedActivity {
  return {
    id: item.id,
    activityId: item.activityId,
    day: item.day,
    slot: item.slot,
    name: item.name,
    icon: item.icon,
    duration: item.duration,
    category: item.category,
    isCustom: item.isCustom,
    completed: item.completedAt !== undefined,
    completedAt: item.completedAt ?? null,
  };
}

export function toCustomActivity(item: CustomActivityItem): Activity {
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    duration: item.duration,
    icon: item.icon,
    timePeriod: 'Any',
    isCustom: true,
  };
}
