import { planSignature, weekPlan } from '@bloom/shared/plan/week-plan';
import { editsFor } from '@bloom/shared/planner/rules';
import type { DayIndex, WeekView } from '@bloom/shared/planner/types';
import { dateOfDay, weekStartOf } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import { type PlannedItem, toPlannedActivity } from '../data/items';
import { queryWeek } from '../data/reads';
import { TransactionRefused, transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { dayRevisions } from './day-guard';
import { planItems } from './plan-items';
import { weekItemUpdate } from './week-item';
import { readWeekState, type WeekState } from './week-state';

/**
 * The week as the planner shows it. An empty current or future week that was never planned gets its default
 * plan from the quiz answers, once: the week item records `seededAt` (and where each activity went, to tell
 * later whether she has touched it), and seeding counts no edit.
 */
export async function loadWeek(userId: string, weekStart: string, now: Date): Promise<WeekView> {
  const state = await readWeekState(userId, weekStart, now);
  let planned = state.planned;
  if (shouldSeed(state, weekStart)) planned = await seedWeek(userId, weekStart, state, now);
  return weekView(weekStart, state, planned);
}

/** The week as the planner shows it: what was read, the activities it has now, and its marks and streak. */
export function weekView(
  weekStart: string,
  state: WeekState,
  planned: readonly PlannedItem[],
  progress: Pick<WeekView, 'completedDays' | 'streak'> = {
    completedDays: state.weekDays,
    streak: state.streak,
  },
): WeekView {
  return {
    weekStart,
    days: ([0, 1, 2, 3, 4, 5, 6] as const).map((day: DayIndex) => ({
      day,
      date: dateOfDay(weekStart, day),
      activities: planned.filter((item) => item.day === day).map(toPlannedActivity),
    })),
    completedDays: progress.completedDays,
    restDays: state.restDays,
    edits: editsFor(state.week?.edits ?? 0, state.tier),
    streak: progress.streak,
    today: state.today,
  };
}

/** Whether the first read of this week plans it (docs/rules.md#plan-generation): empty, never planned, not past. */
export function shouldSeed(state: Pick<WeekState, 'planned' | 'week' | 'today'>, weekStart: string): boolean {
  return state.planned.length === 0 && !state.week?.seededAt && weekStart >= weekStartOf(state.today);
}

async function seedWeek(
  userId: string,
  weekStart: string,
  state: WeekState,
  now: Date,
): Promise<PlannedItem[]> {
  const createdAt = now.toISOString();
  // The plan she previewed before signing in, as she arranged it there (ignored unless it is this very plan).
  const plan = weekPlan(state.answers, weekStart, state.profile?.planArrangement);
  const items = planItems(userId, weekStart, plan, now);
  try {
    await transactWrite({
      TransactItems: [
        // The seeded days' revisions move too: a tick that read one of them before the plan landed must not
        // mark a day these open activities have joined (day-guard.ts).
        weekItemUpdate(
          userId,
          weekStart,
          {
            set: ['seededAt = :now', 'edits = if_not_exists(edits, :zero)', 'planSignature = :signature'],
            conditions: ['attribute_not_exists(seededAt)'],
            values: { ':now': createdAt, ':zero': 0, ':signature': planSignature(items) },
          },
          dayRevisions(state.week, { bumped: [...new Set(items.map((item) => item.day))], checked: [] }),
        ),
        ...items.map((item) => ({
          Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      ],
    });
    return items;
  } catch (error) {
    // Another request seeded this week first (two tabs opening at once): show what it wrote.
    if (error instanceof TransactionRefused) return (await queryWeek(userId, weekStart)).planned;
    // Nothing was written (one transaction): she is told, and the next read plans the week again.
    throw new DomainError('plan_initialization_failed', undefined, { cause: error });
  }
}
