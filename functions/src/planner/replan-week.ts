import type { PlanEntry } from '@bloom/shared/plan/generate-plan';
import { planSignature, replacePlan, type WeekSnapshot, weekPlan } from '@bloom/shared/plan/week-plan';
import { activitiesOfDay, dayMarkAfterChange } from '@bloom/shared/planner/rules';
import type { WeekView } from '@bloom/shared/planner/types';
import { weekStartOf } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import type { PlannedItem } from '../data/items';
import { type TransactItem, transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { type DayDecision, dayMarkItem, dayRevisions, decideDay, retryWhenRefused } from './day-guard';
import { weekView } from './load-week';
import { planItems } from './plan-items';
import { weekItemUpdate } from './week-item';
import { afterDayMarks, readWeekState, type WeekState } from './week-state';

/** DynamoDB's bound on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/** The week as shared/src/plan/week-plan.ts judges it when her answers change. */
export function weekSnapshot(state: WeekState): WeekSnapshot {
  return {
    seeded: state.week?.seededAt !== undefined,
    activities: state.planned.map((item) => ({ ...item, completed: item.completedAt !== undefined })),
    editsUsed: state.week?.edits ?? 0,
    markedDays: [...state.weekDays, ...state.restDays],
    plannedSignature: state.week?.planSignature,
  };
}

/**
 * Whether a day's mark must be written or checked: when the rule marks the day, or when a mark made by her
 * meanwhile (one the read did not see) would change the rule's answer. Otherwise the day is right marked or not.
 */
function markMatters(state: WeekState, decision: DayDecision, after: readonly PlannedItem[]): boolean {
  if (decision.mark !== 'keep') return true;
  const entries = (items: readonly PlannedItem[]) =>
    items.map((item) => ({ id: item.id, completed: item.completedAt !== undefined }));
  const before = activitiesOfDay(state.planned, decision.day);
  return (
    dayMarkAfterChange({ marked: !decision.marked, before: entries(before), after: entries(after) }) !==
    'keep'
  );
}

/**
 * The items of the one transaction that replaces a week's plan with `fresh` (replacePlan decides what goes,
 * what stays and what comes), the week's activities after it, and what it does to the changed days' marks (the
 * shared day-completion rule, docs/rules.md#day-completion). It costs no edit. What the decision rests on is a
 * condition, so a tick, an add, a removal, a move or another replan racing it cancels it whole: the week item
 * must still have the edits and plan read and the changed days their revisions, and each changed day's mark
 * is written or checked wherever it matters.
 */
export function replanTransaction(
  userId: string,
  weekStart: string,
  state: WeekState,
  fresh: readonly PlanEntry[],
  now: Date,
): { items: TransactItem[]; planned: PlannedItem[]; decisions: DayDecision[] } {
  const current = state.planned.map((item) => ({ ...item, completed: item.completedAt !== undefined }));
  // A rest day is left as it is, like a completed day (docs/rules.md#rest-days).
  const { remove, add } = replacePlan(current, [...state.weekDays, ...state.restDays], fresh);
  const added = planItems(userId, weekStart, add, now);
  const removed = new Set(remove.map((item) => item.id));
  const planned = [...state.planned.filter((item) => !removed.has(item.id)), ...added];
  const changedDays = [...new Set([...remove, ...added].map((item) => item.day))].sort((a, b) => a - b);
  const decisions = changedDays.map((day) => decideDay(state, day, activitiesOfDay(planned, day)));
  const edits = state.week?.edits;
  const signature = state.week?.planSignature;
  const items: TransactItem[] = [
    weekItemUpdate(
      userId,
      weekStart,
      {
        set: [
          'planSignature = :signature',
          'seededAt = if_not_exists(seededAt, :now)',
          'edits = if_not_exists(edits, :zero)',
        ],
        conditions: [
          edits === undefined ? 'attribute_not_exists(edits)' : 'edits = :edits',
          signature === undefined ? 'attribute_not_exists(planSignature)' : 'planSignature = :read',
        ],
        values: {
          ':signature': planSignature(planned),
          ':now': now.toISOString(),
          ':zero': 0,
          ...(edits === undefined ? {} : { ':edits': edits }),
          ...(signature === undefined ? {} : { ':read': signature }),
        },
      },
      dayRevisions(state.week, { bumped: [], checked: changedDays }),
    ),
    ...remove.map((item) => ({
      Delete: {
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
      },
    })),
    ...added.map((Item) => ({
      Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
    })),
    ...decisions
      .filter((decision) => markMatters(state, decision, activitiesOfDay(planned, decision.day)))
      .map((decision) => dayMarkItem(userId, weekStart, decision, now)),
  ];
  return { items, planned, decisions };
}

/**
 * "Replace this week's plan with one from your new answers?" Replace: the current or a later week gets the plan
 * her stored answers make (as she arranged its preview, when it is that plan), in one transaction, at no edit;
 * ticked activities stay and days marked complete are left as they are. Decided again when a read went stale.
 */
export async function replanWeek(userId: string, weekStart: string, now: Date): Promise<WeekView> {
  return retryWhenRefused(async () => {
    const state = await readWeekState(userId, weekStart, now);
    if (weekStart < weekStartOf(state.today)) throw new DomainError('week_in_past');
    const fresh = weekPlan(state.answers, weekStart, state.profile?.planArrangement);
    const { items, planned, decisions } = replanTransaction(userId, weekStart, state, fresh, now);
    if (items.length > MAX_TRANSACTION_ITEMS) throw new DomainError('replan_too_large');
    await transactWrite({ TransactItems: items });
    return weekView(weekStart, state, planned, afterDayMarks(state, weekStart, decisions));
  });
}
