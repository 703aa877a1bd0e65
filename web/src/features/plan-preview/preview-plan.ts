import { findCatalogueActivity } from '@bloom/shared/catalogue/activities';
import { type PlanArrangement, weekPlan } from '@bloom/shared/plan/week-plan';
import { type CatalogueActivity, DAY_NAMES, SLOTS, type Slot } from '@bloom/shared/planner/types';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';

export interface PreviewItem {
  /** Unique within the week, stable while dragging. */
  id: string;
  activity: CatalogueActivity;
}

export type PreviewDay = Record<Slot, PreviewItem[]>;

/**
 * The week a visitor's answers produce for the week starting `weekStart`: the same plan the server makes for that
 * week (same generator, same seed), as she arranged it when `arrangement` is of this very plan, so after sign-in
 * she finds the plan she saw.
 */
export function previewWeek(
  answers: QuizAnswers,
  weekStart: string,
  arrangement: PlanArrangement | null = null,
): PreviewDay[] {
  const week: PreviewDay[] = DAY_NAMES.map(() => ({ Morning: [], Midday: [], Evening: [] }));
  weekPlan(answers, weekStart, arrangement).forEach((entry, index) => {
    const activity = findCatalogueActivity(entry.activityId);
    if (activity) week[entry.day]?.[entry.slot].push({ id: `${index}-${entry.activityId}`, activity });
  });
  return week;
}

/** How the preview is arranged now: what the server applies to her first week (shared/src/plan/week-plan.ts). */
export function arrangementOfPreview(weekStart: string, week: readonly PreviewDay[]): PlanArrangement {
  return {
    weekStart,
    days: week.map((day) => ({
      Morning: day.Morning.map((item) => item.activity.id),
      Midday: day.Midday.map((item) => item.activity.id),
      Evening: day.Evening.map((item) => item.activity.id),
    })),
  };
}

export function minutesOf(day: PreviewDay): number {
  return SLOTS.reduce(
    (total, slot) => total + day[slot].reduce((sum, item) => sum + item.activity.duration, 0),
    0,
  );
}

/** Which slot holds the item with this id, if any. */
export function slotOf(day: PreviewDay, id: string): Slot | undefined {
  return SLOTS.find((slot) => day[slot].some((item) => item.id === id));
}

/**
 * Moves an item to another slot (or within its own), before the item `overId` or at the end when dropped on a
 * column. Pure: returns a new day.
 */
export function moveItem(day: PreviewDay, activeId: string, target: Slot, overId: string | null): PreviewDay {
  const from = slotOf(day, activeId);
  if (!from) return day;
  const item = day[from].find((candidate) => candidate.id === activeId);
  if (!item) return day;
  const next: PreviewDay = { ...day, [from]: day[from].filter((candidate) => candidate.id !== activeId) };
  const list = [...next[target]];
  const overIndex = overId ? list.findIndex((candidate) => candidate.id === overId) : -1;
  if (overIndex === -1) list.push(item);
  else {
    const originalOver = day[target].findIndex((candidate) => candidate.id === overId);
    const originalActive = day[target].findIndex((candidate) => candidate.id === activeId);
    // Moving down within a column places the item after the one it is over, as the pointer suggests.
    const after = from === target && originalActive !== -1 && originalActive < originalOver;
    list.splice(after ? overIndex + 1 : overIndex, 0, item);
  }
  next[target] = list;
  return next;
}
