import * as z from 'zod/mini';
import type { SubscriptionSummary } from '../billing/subscription';
import { FIELD_MESSAGES } from '../errors/catalogue';
import type { Activity, DayIndex, Edits, PlannedActivity, Tier } from '../planner/types';
import { CATEGORIES, DEFAULT_PLAN_PER_SLOT, MAX_ACTIVITIES_PER_SLOT, SLOTS } from '../planner/types';
import { quizAnswersSchema } from '../quiz/quiz';

/**
 * Request shapes of the planner API. Objects are strict: an unknown field is a 400, not silently dropped.
 * Written with zod/mini: the same validation as classic zod at a fraction of the bundle and start-up cost,
 * which every Lambda cold start and the web app pay.
 */

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isRealDate));

/** A week is named by its Monday. */
export const weekStartSchema = z.string({ error: FIELD_MESSAGES.weekStart }).check(
  z.regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, FIELD_MESSAGES.weekStart),
  z.refine(isRealDate, FIELD_MESSAGES.weekStart),
  z.refine((value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1, FIELD_MESSAGES.weekStart),
);

/** Path parameters arrive as strings; day must be exactly one digit 0-6. */
export const dayParamSchema = z.pipe(
  z.string({ error: FIELD_MESSAGES.day }).check(z.regex(/^[0-6]$/, FIELD_MESSAGES.day)),
  z.transform((value) => Number(value) as DayIndex),
);

export const dayIndexSchema = z.pipe(
  z.int({ error: FIELD_MESSAGES.day }).check(z.gte(0, FIELD_MESSAGES.day), z.lte(6, FIELD_MESSAGES.day)),
  z.transform((value) => value as DayIndex),
);

export const slotSchema = z.enum(SLOTS, { error: FIELD_MESSAGES.slot });
export const categorySchema = z.enum(CATEGORIES, { error: FIELD_MESSAGES.category });

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

export const weekParamsSchema = z.object({ weekStart: weekStartSchema });
export const dayParamsSchema = z.object({ weekStart: weekStartSchema, day: dayParamSchema });
export const slotParamsSchema = z.object({
  weekStart: weekStartSchema,
  day: dayParamSchema,
  slot: slotSchema,
});
export const plannedActivityParamsSchema = z.object({ weekStart: weekStartSchema, id: idSchema });

export const addActivitiesBodySchema = z.strictObject({
  slot: slotSchema,
  activityIds: z
    .array(idSchema, { error: FIELD_MESSAGES.activityIds })
    .check(
      z.minLength(1, FIELD_MESSAGES.activityIds),
      z.maxLength(
        MAX_ACTIVITIES_PER_SLOT,
        `You can add at most ${MAX_ACTIVITIES_PER_SLOT} activities at once`,
      ),
    ),
});
export type AddActivitiesBody = z.infer<typeof addActivitiesBodySchema>;

/** PATCH takes either a completion change or a move, not both. */
export const updatePlannedActivityBodySchema = z.union([
  z.strictObject({ completed: z.boolean() }),
  z.strictObject({ day: dayIndexSchema, slot: slotSchema }),
]);
export type UpdatePlannedActivityBody = z.infer<typeof updatePlannedActivityBodySchema>;

export const dayCompletionBodySchema = z.strictObject({ completed: z.boolean() });

/** PUT …/days/{day}/rest: take the day as her rest day, or take it back (docs/rules.md#rest-days). */
export const restDayBodySchema = z.strictObject({ rest: z.boolean() });

/** A single emoji (possibly with modifiers), not free text. */
const emojiSchema = z
  .string({ error: FIELD_MESSAGES.icon })
  .check(
    z.minLength(1, FIELD_MESSAGES.icon),
    z.maxLength(16, FIELD_MESSAGES.icon),
    z.regex(/^\p{Extended_Pictographic}/u, FIELD_MESSAGES.icon),
  );

export const customActivityFieldsSchema = z.strictObject({
  name: z
    .string({ error: FIELD_MESSAGES.name })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MESSAGES.name),
      z.maxLength(60, 'Please keep the name under 60 characters'),
    ),
  duration: z
    .int({ error: FIELD_MESSAGES.duration })
    .check(z.gte(1, FIELD_MESSAGES.duration), z.lte(240, 'Please keep it under 240 minutes')),
  category: categorySchema,
  icon: emojiSchema,
});

export const createCustomActivityBodySchema = z.extend(customActivityFieldsSchema, {
  weekStart: weekStartSchema,
  day: dayIndexSchema,
  slot: slotSchema,
});
export type CreateCustomActivityBody = z.infer<typeof createCustomActivityBodySchema>;

export const timeZoneSchema = z.string({ error: FIELD_MESSAGES.timeZone }).check(
  z.maxLength(64, FIELD_MESSAGES.timeZone),
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, FIELD_MESSAGES.timeZone),
);

/** A day of the plan preview as she arranged it: no slot can hold more than a whole day of the default plan. */
const arrangedSlotSchema = z.array(idSchema).check(z.maxLength(DEFAULT_PLAN_PER_SLOT * SLOTS.length));
const arrangedDaySchema = z.strictObject({
  Morning: arrangedSlotSchema,
  Midday: arrangedSlotSchema,
  Evening: arrangedSlotSchema,
});

/** The plan preview's arrangement (shared/src/plan/week-plan.ts): seven days, Monday first. Bounded in size. */
export const planArrangementSchema = z.strictObject({
  weekStart: weekStartSchema,
  days: z.array(arrangedDaySchema).check(z.length(7)),
});

export const updateProfileBodySchema = z
  .strictObject({
    timeZone: z.optional(timeZoneSchema),
    quizAnswers: z.optional(quizAnswersSchema),
    /** How she arranged the preview of the plan these answers make; sent with them once, at sign-in. */
    planArrangement: z.optional(planArrangementSchema),
  })
  .check(
    z.refine((body) => body.timeZone !== undefined || body.quizAnswers !== undefined, 'Nothing to update'),
    z.refine((body) => body.planArrangement === undefined || body.quizAnswers !== undefined, {
      message: 'An arrangement comes with the quiz answers whose plan it arranges',
      path: ['planArrangement'],
    }),
  );
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Response shapes. */
export interface Profile {
  id: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  timeZone: string;
  tier: Tier;
  /** Her Pro subscription as Stripe last reported it; null when she never subscribed. */
  subscription: SubscriptionSummary | null;
  quizAnswers: z.infer<typeof quizAnswersSchema> | null;
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
