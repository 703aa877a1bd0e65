import type { SubscriptionSummary } from '../billing/subscription';
import type { Locale } from '../i18n/locales';
import type { Activity, DayIndex, Edits, PlannedActivity, Tier } from '../planner/types';
import type { QuizAnswers } from '../quiz/quiz';
import type { CreateCustomActivityBody } from './custom-activity-request';
import type { AddActivitiesBody, UpdatePlannedActivityBody } from './planner-requests';
import type { UpdateProfileBody } from './profile-request';

/**
 * The planner API's shapes, as types only: nothing here runs. The request schemas are in modules of their own
 * per route group (fields.ts, params.ts, planner-requests.ts, custom-activity-request.ts, profile-request.ts),
 * so a Lambda builds only its own route's schemas when it starts; keep runtime values out of this file.
 */
export type { AddActivitiesBody, CreateCustomActivityBody, UpdatePlannedActivityBody, UpdateProfileBody };

/** Response shapes. */
export interface Profile {
  id: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  timeZone: string;
  /**
   * The language she chose (docs/rules.md#languages): her push texts, calendar feed and coach follow it. Null
   * until she has one saved; the web then saves the language it shows her.
   */
  locale: Locale | null;
  tier: Tier;
  /** Her Pro subscription as Stripe last reported it; null when she never subscribed. */
  subscription: SubscriptionSummary | null;
  quizAnswers: QuizAnswers | null;
}

/**
 * What saving new quiz answers did to her current week: `replanned` from them at once (it was untouched), or
 * `offered`: she has made it her own, so she is asked whether to replace it (POST /api/weeks/{weekStart}/replan).
 */
export interface WeekPlanChange {
  weekStart: string;
  outcome: 'replanned' | 'offered';
}

/** PUT /api/me answers the saved profile and, when her answers changed her current week's plan, what it did. */
export interface UpdateProfileResponse extends Profile {
  planChange: WeekPlanChange | null;
}

export interface ActivitiesResponse {
  activities: Activity[];
}

/**
 * Every write that changes a day's activities keeps the day's mark true in the same transaction
 * (docs/rules.md#day-completion) and answers with the week's marked days and the streak, so the planner stays
 * true without another read.
 */
export interface DayProgress {
  completedDays: DayIndex[];
  streak: number;
}

/** The progress after a write that may mark a day: `dayCompleted` is true when it did (confetti). */
export interface DayMarking extends DayProgress {
  dayCompleted: boolean;
}

export interface AddActivitiesResponse extends DayProgress {
  added: PlannedActivity[];
  /** Activity ids not added because the weekly edit limit was reached. */
  refused: string[];
  edits: Edits;
}

/** A tick or a move. A move changes two days' marks at most: `dayCompleted` is true when either was marked. */
export interface UpdatePlannedActivityResponse extends DayMarking {
  activity: PlannedActivity;
}

export interface CompleteSlotResponse extends DayMarking {
  activities: PlannedActivity[];
}

/** DELETE answers 200 with this (removing the last open activity of a day completes it). */
export type RemoveActivityResponse = DayMarking;

export type DayCompletionResponse = DayProgress;

/**
 * POST /api/me/calendar: her new private feed, `/api/calendar/{token}.ics` on the site's own origin. Shown once:
 * only its hash is kept, and a new one revokes the one before (docs/rules.md#calendar-feed).
 */
export interface CalendarLinkResponse {
  path: string;
}

/** The week's marks and the streak after a rest day is taken or taken back. */
export interface RestDayResponse extends DayProgress {
  restDays: DayIndex[];
}

export interface CreateCustomActivityResponse extends DayProgress {
  activity: Activity;
  planned: PlannedActivity;
  edits: Edits;
}
