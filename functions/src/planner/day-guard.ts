import { activitiesOfDay, type DayMark, dayMarkAfterChange } from '@bloom/shared/planner/rules';
import type { DayIndex } from '@bloom/shared/planner/types';
import { dateOfDay } from '@bloom/shared/week/week';
import { tableName } from '../data/client';
import { type PlannedItem, REST_KIND, type WeekItem } from '../data/items';
import { completedDaySk, userPk } from '../data/keys';
import { type TransactItem, TransactionRefused } from '../data/transact';
import type { WeekItemParts } from './week-item';
import type { WeekState } from './week-state';

/**
 * Day completion is one shared rule (`dayMarkAfterChange`, docs/rules.md#day-completion) that every write
 * changing a day's activities applies in its own transaction. The decision rests on a read, so the transaction
 * also makes sure that read still holds when it commits:
 * - the day's revision on the week item (`dayRev{d}`) is as read, and the write moves it on: any tick, add,
 *   removal or move in that day since the read refuses the transaction (a condition check on each activity
 *   read could not see one that arrived in the day meanwhile);
 * - the day's mark (`DAY#{date}`) is as read: marked, unmarked, or written by this decision.
 * A refused transaction wrote nothing; the write reads again and decides again.
 */

export interface DayDecision {
  day: DayIndex;
  /** Whether the day was marked when read (complete, or her rest day). */
  marked: boolean;
  /** Whether the mark read is her rest day: the activities never change it (docs/rules.md#rest-days). */
  rest?: boolean;
  mark: DayMark;
}

const entries = (items: readonly PlannedItem[]) =>
  items.map((item) => ({ id: item.id, completed: item.completedAt !== undefined }));

/** The shared rule applied to a day of the week as read, given the day's activities after the write. */
export function decideDay(state: WeekState, day: DayIndex, after: readonly PlannedItem[]): DayDecision {
  // A rest day stays one whatever its activities do; the write checks it still is.
  if (state.restDays.includes(day)) return { day, marked: true, rest: true, mark: 'keep' };
  const marked = state.weekDays.includes(day);
  const before = activitiesOfDay(state.planned, day);
  return {
    day,
    marked,
    mark: dayMarkAfterChange({ marked, before: entries(before), after: entries(after) }),
  };
}

const revision = (day: DayIndex) => `dayRev${day}` as const;

/**
 * The week item's share that moves the revisions of the days a write changes. `checked` days must still be at
 * the revision read; a day only bumped is one whose decision no change by others can make wrong (see add).
 */
export function dayRevisions(
  week: WeekItem | undefined,
  { bumped, checked }: { bumped: readonly DayIndex[]; checked: readonly DayIndex[] },
): WeekItemParts {
  const days = [...new Set([...bumped, ...checked])];
  return {
    set: days.map((day) => `#rev${day} = if_not_exists(#rev${day}, :zero) + :one`),
    conditions: checked.map((day) => {
      const seen = week?.[revision(day)];
      return seen === undefined ? `attribute_not_exists(#rev${day})` : `#rev${day} = :rev${day}`;
    }),
    names: Object.fromEntries(days.map((day) => [`#rev${day}`, revision(day)])),
    values: {
      ':zero': 0,
      ':one': 1,
      ...Object.fromEntries(
        checked.flatMap((day) => {
          const seen = week?.[revision(day)];
          return seen === undefined ? [] : [[`:rev${day}`, seen]];
        }),
      ),
    },
  };
}

/** The transaction item that carries a decision out: mark, unmark, or check the mark is still as read. */
export function dayMarkItem(
  userId: string,
  weekStart: string,
  decision: DayDecision,
  now: Date,
): TransactItem {
  if (decision.mark === 'mark') return markDayComplete(userId, weekStart, decision.day, now);
  const Key = { pk: userPk(userId), sk: completedDaySk(dateOfDay(weekStart, decision.day)) };
  if (decision.mark === 'unmark')
    return { Delete: { TableName: tableName(), Key, ConditionExpression: COMPLETED_MARK } };
  if (decision.rest)
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key,
        ConditionExpression: 'kind = :rest',
        ExpressionAttributeValues: { ':rest': REST_KIND },
      },
    };
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key,
      ConditionExpression: decision.marked ? COMPLETED_MARK : 'attribute_not_exists(pk)',
    },
  };
}

/** The condition that a day's mark is there and is a completed day, not her rest day. */
export const COMPLETED_MARK = 'attribute_exists(pk) AND attribute_not_exists(kind)';

/** Marks a day complete; the condition keeps the first completedAt if it was already marked. */
export function markDayComplete(userId: string, weekStart: string, day: DayIndex, now: Date) {
  const date = dateOfDay(weekStart, day);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: userPk(userId),
        sk: completedDaySk(date),
        weekStart,
        day,
        date,
        completedAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Races between a user's own tabs are rare; each lost one costs a read and a write more. */
const MAX_ATTEMPTS = 5;

/**
 * Runs read-decide-write again while its transaction is refused because something it read changed meanwhile.
 * `refused` may turn a refusal into the caller's own error instead (a taken name, a spent limit).
 */
export async function retryWhenRefused<T>(
  attempt: () => Promise<T>,
  refused: (error: TransactionRefused) => void = () => {},
): Promise<T> {
  for (let count = 1; ; count++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      refused(error);
      if (count >= MAX_ATTEMPTS) throw error;
    }
  }
}
