import { checkSlotAdditions } from '../planner/rules';
import type { DayIndex, PlannedActivity, Slot } from '../planner/types';
import { SLOTS } from '../planner/types';
import type { QuizAnswers } from '../quiz/quiz';
import { defaultPlanSeed, generatePlan, type PlanEntry } from './generate-plan';

/**
 * A week's default plan, and what happens to it when she rearranges the preview or retakes the quiz. Pure: the
 * server applies these rules, the web app's preview and its in-memory test API call the same functions.
 */

/** The plan preview as she arranged it: for each day (0 Monday to 6 Sunday), each slot's activity ids in order. */
export interface PlanArrangement {
  weekStart: string;
  days: Array<Record<Slot, string[]>>;
}

const dayOrder = (entries: readonly PlanEntry[]) =>
  [...entries].sort((a, b) => a.day - b.day || SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));

/** The arrangement a plan already has (where the generator put each activity). */
export function arrangementOf(weekStart: string, plan: readonly PlanEntry[]): PlanArrangement {
  const days = Array.from({ length: 7 }, () => ({
    Morning: [] as string[],
    Midday: [] as string[],
    Evening: [] as string[],
  }));
  for (const entry of dayOrder(plan)) days[entry.day]?.[entry.slot].push(entry.activityId);
  return { weekStart, days };
}

/**
 * The generated plan as she arranged it, when the arrangement is a rearrangement of exactly that plan: each day
 * holds the very activities the generator gave it (only their slots and order may differ), and every slot obeys
 * the slot rules (no activity twice, a bounded number). Anything else (another week's plan, an activity the plan
 * does not have, one left out or moved to another day) is ignored: the generated plan comes back as it was.
 */
export function arrangePlan(
  generated: readonly PlanEntry[],
  arrangement: PlanArrangement | null | undefined,
): PlanEntry[] {
  if (arrangement?.days.length !== 7) return [...generated];
  const arranged: PlanEntry[] = [];
  for (let index = 0; index < 7; index += 1) {
    const day = index as DayIndex;
    const placed = arrangement.days[day];
    if (!placed) return [...generated];
    const given = generated.filter((entry) => entry.day === day).map((entry) => entry.activityId);
    const moved: string[] = [];
    for (const slot of SLOTS) {
      const ids = placed[slot];
      if (!Array.isArray(ids) || checkSlotAdditions([], ids) !== 'ok') return [...generated];
      for (const activityId of ids) arranged.push({ day, slot, activityId });
      moved.push(...ids);
    }
    if (!sameMembers(given, moved)) return [...generated];
  }
  return arranged;
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((value, index) => value === right[index]);
}

/**
 * The default plan of the week starting `weekStart`: generated from the answers with the week's seed (so the
 * preview a visitor sees is the week the server plans for her), in her arrangement when it is of this very week
 * and plan.
 */
export function weekPlan(
  answers: QuizAnswers,
  weekStart: string,
  arrangement?: PlanArrangement | null,
): PlanEntry[] {
  const generated = generatePlan({ answers, seed: defaultPlanSeed(weekStart) });
  return arrangement?.weekStart === weekStart ? arrangePlan(generated, arrangement) : generated;
}

/** Whether two sets of answers are the same (focus areas in any order); no stored answers differ from any. */
export function sameAnswers(stored: QuizAnswers | null | undefined, given: QuizAnswers): boolean {
  if (!stored) return false;
  return (
    stored.timeCommitment === given.timeCommitment &&
    stored.energyLevel === given.energyLevel &&
    stored.vibe === given.vibe &&
    stored.timePreference === given.timePreference &&
    sameMembers(stored.focusAreas, given.focusAreas)
  );
}

type Placed = Pick<PlannedActivity, 'day' | 'slot' | 'activityId'>;

/** Where each activity of a week is, order-free: equal signatures, the same plan. */
export function planSignature(entries: readonly Placed[]): string {
  return entries
    .map((entry) => `${entry.day}:${entry.slot}:${entry.activityId}`)
    .sort()
    .join(',');
}

/** A week as the rules about new answers see it. */
export interface WeekSnapshot {
  /** Bloom planned it (seeded it from her answers). */
  seeded: boolean;
  activities: readonly (Placed & Pick<PlannedActivity, 'completed'>)[];
  editsUsed: number;
  markedDays: readonly DayIndex[];
  /** The signature of the activities as Bloom last laid them out; absent for weeks planned before it was kept. */
  plannedSignature?: string | undefined;
}

/**
 * Untouched: still exactly what Bloom planned. No edit used, nothing ticked, no day marked, and every activity
 * where Bloom put it (nothing removed or moved; a week planned before that was recorded is judged without it).
 */
export function isUntouched(week: WeekSnapshot): boolean {
  return (
    week.editsUsed === 0 &&
    week.markedDays.length === 0 &&
    week.activities.every((activity) => !activity.completed) &&
    (week.plannedSignature === undefined || week.plannedSignature === planSignature(week.activities))
  );
}

/**
 * What new quiz answers do to her current week: `replan` an untouched planned week from them at once; `offer`
 * to replace a week she has made her own (she is asked); `none` for a week not planned yet (its first read plans
 * it from the new answers).
 */
export type NewAnswersEffect = 'replan' | 'offer' | 'none';

export function effectOfNewAnswers(week: WeekSnapshot): NewAnswersEffect {
  if (!week.seeded) return week.activities.length === 0 ? 'none' : 'offer';
  return isUntouched(week) ? 'replan' : 'offer';
}

export interface Replacement<T> {
  /** Unticked activities of days not marked complete: they go. */
  remove: T[];
  /** Activities that stay on days the new plan fills (the ticked ones): the new plan fits around them. */
  keep: T[];
  /** The new plan's activities that fit: not on a day marked complete, not twice in a slot, not past a full one. */
  add: PlanEntry[];
}

/**
 * Replacing a week's plan with a new one, at no edit: on every day not marked complete, the unticked activities
 * go and the new plan's come; ticked activities stay, and a new activity already in its slot, or one that would
 * overfill the slot, is left out. A day marked complete is her finished day and stays exactly as it is, so its
 * mark stays true.
 */
export function replacePlan<T extends Placed & Pick<PlannedActivity, 'completed'>>(
  current: readonly T[],
  markedDays: readonly DayIndex[],
  fresh: readonly PlanEntry[],
): Replacement<T> {
  const marked = new Set(markedDays);
  const open = current.filter((activity) => !marked.has(activity.day));
  const remove = open.filter((activity) => !activity.completed);
  const keep = open.filter((activity) => activity.completed);
  const add: PlanEntry[] = [];
  for (const entry of fresh) {
    if (marked.has(entry.day)) continue;
    const inSlot = [...keep, ...add].filter(
      (activity) => activity.day === entry.day && activity.slot === entry.slot,
    );
    if (checkSlotAdditions(inSlot, [entry.activityId]) === 'ok') add.push(entry);
  }
  return { remove, keep, add };
}
