import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentTableBudget,
  TABLE_WAIT_BUDGET_MS,
  TableBudget,
  TableUnanswered,
  withinTableBudget,
  withTableBudget,
} from '../src/aws/table-budget';

/** One request's table budget (docs/rules.md#outages), on an injected clock. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** How long after now the call's signal aborts (at most `within` ms). */
function abortsAfter(signal: AbortSignal, within = 60_000): number {
  for (let waited = 0; waited <= within; waited++) {
    if (signal.aborted) return waited;
    vi.advanceTimersByTime(1);
  }
  throw new Error(`Not aborted within ${within} ms`);
}

describe("a request's table budget", () => {
  it('abandons a call the table does not answer within the budget, with an outage error', () => {
    const call = new TableBudget().begin();
    expect(abortsAfter(call.signal)).toBe(TABLE_WAIT_BUDGET_MS);
    expect(call.signal.reason).toBeInstanceOf(TableUnanswered);
  });

  it('gives the calls of one request one budget: a second wait gets only what the first left', () => {
    const budget = new TableBudget(2000);
    const first = budget.begin();
    vi.advanceTimersByTime(1200);
    // The first call failed unanswered (a reset connection, a 5xx): the request goes on to another call.
    first.end(false);
    expect(abortsAfter(budget.begin().signal)).toBe(800);
  });

  it('sends nothing more once the budget is spent: the next call is refused at once', () => {
    const budget = new TableBudget(2000);
    const first = budget.begin();
    abortsAfter(first.signal);
    first.end(false);
    expect(() => budget.begin()).toThrow(TableUnanswered);
    // Time spent elsewhere (her own work, another service) gives the table no more.
    vi.advanceTimersByTime(10_000);
    expect(() => budget.begin()).toThrow(TableUnanswered);
  });

  it('counts only time waiting on the table, and starts again from zero at each answer', () => {
    const budget = new TableBudget(2000);
    const slow = budget.begin();
    vi.advanceTimersByTime(1500);
    slow.end(true);
    vi.advanceTimersByTime(8000); // Stripe or Bedrock, between two table calls
    const next = budget.begin();
    vi.advanceTimersByTime(300);
    next.end(false);
    vi.advanceTimersByTime(5000);
    expect(abortsAfter(budget.begin().signal)).toBe(1700);
  });

  it('counts calls in flight together once, not once each', () => {
    const budget = new TableBudget(2000);
    const profile = budget.begin();
    vi.advanceTimersByTime(500);
    const week = budget.begin();
    expect(abortsAfter(profile.signal)).toBe(1500);
    profile.end(false);
    // The second call was given what was left when it started; no more, though it started later.
    expect(abortsAfter(week.signal)).toBe(0);
  });

  it('never keeps a call waiting past the end of its request, nor starts one after it', () => {
    const budget = new TableBudget(2000, Date.now() + 700);
    const call = budget.begin();
    expect(abortsAfter(call.signal)).toBe(700);
    call.end(false);
    expect(() => budget.begin()).toThrow(TableUnanswered);
  });

  it('ignores a call ended twice', () => {
    const budget = new TableBudget(2000);
    const call = budget.begin();
    vi.advanceTimersByTime(400);
    call.end(false);
    call.end(true);
    expect(abortsAfter(budget.begin().signal)).toBe(1600);
  });
});

describe('withTableBudget', () => {
  it('runs each invocation under a budget of its own that ends when the answer is due', async () => {
    const seen: TableBudget[] = [];
    const handler = withTableBudget(
      async (_event: unknown, _context: { getRemainingTimeInMillis(): number }) => {
        seen.push(currentTableBudget());
        const call = currentTableBudget().begin();
        return abortsAfter(call.signal);
      },
      1000,
    );
    const context = { getRemainingTimeInMillis: () => 2500 };
    // Her answer is due a second before the function's 2.5 s are up: the budget ends then, before its 2 s.
    expect(await handler({}, context)).toBe(1500);
    await handler({}, context);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('gives a call made outside any request a budget of its own', () => {
    const spent = new TableBudget(100);
    withinTableBudget(spent, () => {
      abortsAfter(spent.begin().signal);
      expect(currentTableBudget()).toBe(spent);
    });
    expect(currentTableBudget()).not.toBe(spent);
    expect(abortsAfter(currentTableBudget().begin().signal)).toBe(TABLE_WAIT_BUDGET_MS);
  });
});
