import { ACTIVITY_CATALOGUE } from '../catalogue/activities';
import type { CatalogueActivity, DayIndex, Effort, FocusTag, Slot, VibeTag } from '../planner/types';
import { DEFAULT_PLAN_PER_SLOT, SLOTS } from '../planner/types';
import type { QuizAnswers } from '../quiz/quiz';
import { pickWeighted, type Random, seededRandom } from './random';

/**
 * A week's default plan from the quiz answers: for each of the 7 days and 3 slots, up to 2 catalogue
 * activities whose time period is the slot or Any, never the same activity twice in a day. Pure and
 * deterministic for a seed, so the server's stored plan and the web app's pre-sign-in preview agree.
 *
 * How each answer shapes the plan:
 * - time commitment: each day aims at a total drawn inside the budget and never exceeds its upper bound;
 * - energy: sets how likely each effort level is (low energy never gets a high-effort activity);
 * - focus areas: 4 picks in 5 serve a chosen area (whenever one fits);
 * - vibe: activities with the chosen mood are several times likelier;
 * - time preference: the preferred slot is offered an activity first more often and may hold more minutes.
 * An activity already used earlier in the week becomes much less likely, so the week varies.
 */
export interface PlanEntry {
  day: DayIndex;
  slot: Slot;
  activityId: string;
}

export interface GeneratePlanInput {
  answers: QuizAnswers;
  /** Same seed and answers, same plan; the server uses `${userId}:${weekStart}`. */
  seed: string;
  catalogue?: readonly CatalogueActivity[];
}

export interface DailyBudget {
  /** A day is filled until its total reaches a target drawn from [min, targetMax]... */
  min: number;
  targetMax: number;
  /** ...and never beyond max. */
  max: number;
}

export const DAILY_BUDGETS: Readonly<Record<QuizAnswers['timeCommitment'], DailyBudget>> = {
  '5-10 minutes': { min: 5, targetMax: 10, max: 10 },
  '15-20 minutes': { min: 15, targetMax: 20, max: 20 },
  '30+ minutes': { min: 30, targetMax: 45, max: 60 },
};

export const FOCUS_TAG_OF: Readonly<Record<QuizAnswers['focusAreas'][number], FocusTag>> = {
  'Mental wellbeing': 'mental',
  'Physical health': 'physical',
  'Social connections': 'social',
  'Creative expression': 'creative',
  'Spiritual growth': 'spiritual',
};

export const VIBE_TAG_OF: Readonly<Record<QuizAnswers['vibe'], VibeTag>> = {
  'Calm & peaceful': 'calm',
  'Productive & energizing': 'energizing',
  'Cozy & comforting': 'cozy',
  'Fun & playful': 'playful',
};

const EFFORT_WEIGHTS: Readonly<Record<QuizAnswers['energyLevel'], Record<Effort, number>>> = {
  'Low - I need gentle care': { low: 1, medium: 0.25, high: 0 },
  'Medium - ready for some effort': { low: 1, medium: 1, high: 0.15 },
  'High - bring on the challenge': { low: 0.2, medium: 1, high: 1.5 },
};

interface SlotPreference {
  /** How likely the slot is to be offered the day's next activity. */
  weight: number;
  /** The share of the day's maximum minutes the slot may hold. */
  share: number;
}

const SLOT_PREFERENCES: Readonly<Record<QuizAnswers['timePreference'], Record<Slot, SlotPreference>>> = {
  'Morning person': {
    Morning: { weight: 4, share: 1 },
    Midday: { weight: 2, share: 0.6 },
    Evening: { weight: 1, share: 0.4 },
  },
  'Evening person': {
    Morning: { weight: 1, share: 0.4 },
    Midday: { weight: 2, share: 0.6 },
    Evening: { weight: 4, share: 1 },
  },
  'I adapt to both': {
    Morning: { weight: 1, share: 0.6 },
    Midday: { weight: 1, share: 0.6 },
    Evening: { weight: 1, share: 0.6 },
  },
};

/** How often a pick comes from the chosen focus areas when one of them fits. */
const FOCUS_SHARE = 0.8;
const VIBE_BOOST = 4;
/** Each earlier use of an activity in the week multiplies its weight by this. */
const REPEAT_PENALTY = 0.2;
/** How many of a day's last seats insist on activities that can still bring the day up to its minimum. */
const LAST_SEATS = 2;

/**
 * The seed of a week's default plan. It depends on the week alone (the answers already personalise the plan), so
 * the preview a visitor sees before signing in is the very week the server plans for her after it.
 */
export function defaultPlanSeed(weekStart: string): string {
  return `week:${weekStart}`;
}

export function generatePlan({
  answers,
  seed,
  catalogue = ACTIVITY_CATALOGUE,
}: GeneratePlanInput): PlanEntry[] {
  const random = seededRandom(seed);
  const budget = DAILY_BUDGETS[answers.timeCommitment];
  const effortWeights = EFFORT_WEIGHTS[answers.energyLevel];
  const focusTags = new Set(answers.focusAreas.map((area) => FOCUS_TAG_OF[area]));
  const vibeTag = VIBE_TAG_OF[answers.vibe];
  const slotPreferences = SLOT_PREFERENCES[answers.timePreference];

  const appeal = (activity: CatalogueActivity) =>
    effortWeights[activity.effort] * (activity.vibes.includes(vibeTag) ? VIBE_BOOST : 1);
  const pool = (slot: Slot, inFocus: boolean) =>
    catalogue.filter(
      (activity) =>
        (activity.timePeriod === slot || activity.timePeriod === 'Any') &&
        appeal(activity) > 0 &&
        activity.focus.some((tag) => focusTags.has(tag)) === inFocus,
    );
  const pools = new Map(SLOTS.map((slot) => [slot, { inFocus: pool(slot, true), other: pool(slot, false) }]));

  const usesThisWeek = new Map<string, number>();
  const plan: PlanEntry[] = [];
  let focusPicks = 0;
  for (let day = 0; day < 7; day += 1) {
    const target = budget.min + Math.floor(random() * (budget.targetMax - budget.min + 1));
    const usedToday = new Set<string>();
    const slotMinutes = new Map<Slot, number>(SLOTS.map((slot) => [slot, 0]));
    const picks = new Map<Slot, string[]>(SLOTS.map((slot) => [slot, []]));
    let minutes = 0;
    let pickedToday = 0;

    const seats = seatOrder(random, slotPreferences);
    for (const [seat, slot] of seats.entries()) {
      if (minutes >= target) break;
      const slotRoom = Math.floor(budget.max * slotPreferences[slot].share) - (slotMinutes.get(slot) ?? 0);
      const room = Math.min(budget.max - minutes, slotRoom);
      const seatsLeft = seats.length - seat;
      // Near the end of the day's seats, only activities long enough to still reach the budget's minimum.
      const shortfall = seatsLeft <= LAST_SEATS ? Math.ceil((budget.min - minutes) / seatsLeft) : 0;
      const fits = (activity: CatalogueActivity) => activity.duration <= room && !usedToday.has(activity.id);
      const longEnough = (activity: CatalogueActivity) => activity.duration >= shortfall;
      const slotPools = pools.get(slot);
      const inFocus = preferring(longEnough, slotPools?.inFocus.filter(fits) ?? []);
      const other = preferring(longEnough, slotPools?.other.filter(fits) ?? []);
      // Keeping a running quota (rather than rolling dice) holds the week's focus share at FOCUS_SHARE.
      const wantFocus = focusPicks < FOCUS_SHARE * (plan.length + pickedToday + 1);
      const group = inFocus.length > 0 && (wantFocus || other.length === 0) ? inFocus : other;
      const chosen = pickWeighted(
        random,
        group,
        (activity) =>
          appeal(activity) *
          REPEAT_PENALTY ** (usesThisWeek.get(activity.id) ?? 0) *
          durationFit(activity.duration, target - minutes, seatsLeft, budget),
      );
      if (!chosen) continue;
      pickedToday += 1;
      if (group === inFocus) focusPicks += 1;
      usedToday.add(chosen.id);
      usesThisWeek.set(chosen.id, (usesThisWeek.get(chosen.id) ?? 0) + 1);
      picks.get(slot)?.push(chosen.id);
      slotMinutes.set(slot, (slotMinutes.get(slot) ?? 0) + chosen.duration);
      minutes += chosen.duration;
    }

    for (const slot of SLOTS) {
      for (const activityId of picks.get(slot) ?? []) plan.push({ day: day as DayIndex, slot, activityId });
    }
  }
  return plan;
}

/**
 * The order in which a day's seats (DEFAULT_PLAN_PER_SLOT per slot) are offered an activity: a weighted
 * shuffle, so the preferred slot tends to come first and collect more of the day's minutes.
 */
function seatOrder(random: Random, preferences: Record<Slot, SlotPreference>): Slot[] {
  const seats = SLOTS.flatMap((slot) => Array.from({ length: DEFAULT_PLAN_PER_SLOT }, () => slot));
  const order: Slot[] = [];
  while (seats.length > 0) {
    const index = pickWeighted(random, [...seats.keys()], (i) => preferences[seats[i] as Slot].weight) ?? 0;
    order.push(...seats.splice(index, 1));
  }
  return order;
}

/** The items that pass the test, or all of them when none does. */
function preferring<T>(test: (item: T) => boolean, items: T[]): T[] {
  const passing = items.filter(test);
  return passing.length > 0 ? passing : items;
}

/**
 * Prefers activities that fill what the day still needs with the seats left: much shorter than a fair share
 * risks ending the day under its budget, and going past the target (allowed up to the budget's maximum)
 * gets less likely the further it goes.
 */
function durationFit(duration: number, need: number, seatsLeft: number, budget: DailyBudget): number {
  const fairShare = need / seatsLeft;
  if (duration < fairShare) return (duration / fairShare) ** 2;
  if (duration <= need) return 1;
  const overshoot = (duration - need) / (budget.max - budget.min + 1);
  return Math.max(0.05, 1 - overshoot);
}

/** Planned minutes for each day index 0-6. */
export function planMinutesByDay(
  plan: readonly PlanEntry[],
  catalogue: readonly CatalogueActivity[] = ACTIVITY_CATALOGUE,
): number[] {
  const durations = new Map(catalogue.map((activity) => [activity.id, activity.duration]));
  const minutes = [0, 0, 0, 0, 0, 0, 0];
  for (const entry of plan) {
    const duration = durations.get(entry.activityId);
    if (duration === undefined) throw new RangeError(`Unknown activity in plan: ${entry.activityId}`);
    minutes[entry.day] = (minutes[entry.day] ?? 0) + duration;
  }
  return minutes;
}
