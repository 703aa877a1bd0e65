import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long one request waits on the table without an answer before it gives up (docs/rules.md#outages).
 * DynamoDB answers in milliseconds, so a request kept waiting this long meets a table that will not answer:
 * she hears so (503) within 3 s of sending it, and her client sends the change again with its Idempotency-Key.
 */
export const TABLE_WAIT_BUDGET_MS = 2000;

/**
 * The budget in force: TABLE_WAIT_BUDGET_MS (the environment's) where the table is slower than DynamoDB, as
 * DynamoDB Local is on a test machine busy with other work: configuration, like the table's endpoint. AWS's
 * DynamoDB gets the 2 s above.
 */
export function tableWaitBudgetMs(): number {
  return Number(process.env.TABLE_WAIT_BUDGET_MS) || TABLE_WAIT_BUDGET_MS;
}

/** A table call refused or abandoned because its request's budget ran out: an outage (isServiceOutage). */
export class TableUnanswered extends Error {
  constructor(budgetMs: number, options?: ErrorOptions) {
    super(`The table did not answer within the request's ${budgetMs} ms budget`, options);
    this.name = 'TableUnanswered';
  }
}

/** One call to the table under a budget: its signal aborts when the budget left at its start runs out. */
export interface BudgetedCall {
  signal: AbortSignal;
  /** The call is over; `answered` when the table answered it (a result or a refusal, not an outage). */
  end(answered: boolean): void;
}

/**
 * The table's budget for one request: the time it may spend waiting on the table without an answer, over all its
 * calls, attempts and retries together, and never past `endsAt`. The clock runs while a call is in flight and
 * starts again from zero at every answer, so a request that waited out the budget once sends nothing more, while
 * one that works through many prompt calls (a deletion, an export) or waits on Stripe or Bedrock in between is
 * not cut short. A call is given what is left of the budget when it starts.
 */
export class TableBudget {
  /** Time waited without an answer before the current stretch of calls in flight. */
  #waitedMs = 0;
  /** When the current stretch began, or the last call of it ended. */
  #since = 0;
  #inFlight = 0;

  constructor(
    readonly budgetMs = tableWaitBudgetMs(),
    /** Date.now() from which no call is sent or kept waiting: her answer is due (Lambda's timeout is near). */
    private readonly endsAt = Number.POSITIVE_INFINITY,
  ) {}

  /** Starts a call, or throws TableUnanswered when nothing is left. */
  begin(): BudgetedCall {
    const now = Date.now();
    const left = Math.min(this.budgetMs - this.#waited(now), this.endsAt - now);
    if (left <= 0) throw new TableUnanswered(this.budgetMs);
    if (this.#inFlight === 0) this.#since = now;
    this.#inFlight++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TableUnanswered(this.budgetMs)), left);
    let ended = false;
    return {
      signal: controller.signal,
      end: (answered) => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        const at = Date.now();
        this.#waitedMs = answered ? 0 : this.#waited(at);
        this.#since = at;
        this.#inFlight--;
      },
    };
  }

  #waited(now: number): number {
    return this.#waitedMs + (this.#inFlight > 0 ? now - this.#since : 0);
  }
}

const requests = new AsyncLocalStorage<TableBudget>();

/** Runs `work` as one request: every table call it makes, however deep, draws on `budget`. */
export function withinTableBudget<T>(budget: TableBudget, work: () => T): T {
  return requests.run(budget, work);
}

/** The budget of the request running now; a call made outside any request gets a budget of its own. */
export function currentTableBudget(): TableBudget {
  return requests.getStore() ?? new TableBudget();
}

/** What a Lambda handler is given besides its event (a test may pass less). */
export interface InvocationContext {
  getRemainingTimeInMillis?: () => number;
}

/**
 * Every invocation of the handler is one request with one table budget, which ends at the latest `answerDueMs`
 * before the function's timeout: the API answers 503 then (TIMEOUT_EARLY_MS), and no table call of the
 * request is sent or kept waiting after her answer.
 */
export function withTableBudget<E, C extends InvocationContext | undefined, R>(
  handler: (event: E, context: C) => Promise<R>,
  answerDueMs = 0,
): (event: E, context: C) => Promise<R> {
  return (event, context) => {
    const remaining = context?.getRemainingTimeInMillis?.();
    const endsAt = remaining === undefined ? Number.POSITIVE_INFINITY : Date.now() + remaining - answerDueMs;
    return withinTableBudget(new TableBudget(tableWaitBudgetMs(), endsAt), () => handler(event, context));
  };
}
