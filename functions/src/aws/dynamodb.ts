import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { StandardRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { type HttpHandlerOptions, type InitializeMiddleware, SMITHY_CONTEXT_KEY } from '@smithy/types';
import { instrumented } from './instrumentation';
import { isServiceOutage } from './outage';
import { type BudgetedCall, currentTableBudget, TableUnanswered } from './table-budget';

/**
 * How the functions wait for the table (docs/rules.md#outages). Each request has one budget for it
 * (TABLE_WAIT_BUDGET_MS, table-budget.ts), which every call, attempt and retry draws on. A read that failed
 * quickly (a 5xx, throttling, a reset connection) is tried again within it; a write is sent once, since a
 * write whose answer was lost may have landed and an UpdateItem that adds would then count twice.
 */
export const TABLE_CALLS = { connectionTimeoutMs: 500, readAttempts: 3 } as const;

/** The operations that change nothing (the names the SDK gives their commands). */
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);

/** The call in flight, as the HTTP handler and the retry strategy below see it. */
const calls = new AsyncLocalStorage<{ budget: BudgetedCall; read: boolean }>();

/**
 * Each call draws on its request's budget: refused at once when none is left, abandoned when its share runs out
 * (the HTTP request is aborted and the SDK waits no longer between retries), and ended as answered unless the
 * table never answered it, so the next call of the request knows what is left.
 */
// biome-ignore lint/suspicious/noExplicitAny: one middleware serves every command's input and output.
const budgetEachCall: InitializeMiddleware<any, any> = (next, context) => async (args) => {
  const request = currentTableBudget();
  const budget = request.begin();
  const smithy = context[SMITHY_CONTEXT_KEY];
  if (smithy) smithy.abortSignal = joined(smithy.abortSignal as AbortSignal | undefined, budget.signal);
  try {
    const result = await calls.run({ budget, read: READS.has(context.commandName ?? '') }, () => next(args));
    budget.end(true);
    return result;
  } catch (error) {
    budget.end(!budget.signal.aborted && !isServiceOutage(error));
    if (budget.signal.aborted) throw new TableUnanswered(request.budgetMs, { cause: error });
    throw error;
  }
};

/** Node's HTTP handler, aborting each attempt when its call's share of the budget runs out. */
class BudgetedHttpHandler extends NodeHttpHandler {
  override handle(request: Parameters<NodeHttpHandler['handle']>[0], options: HttpHandlerOptions = {}) {
    const call = calls.getStore();
    if (!call) return super.handle(request, options);
    const abortSignal = joined(options.abortSignal as AbortSignal | undefined, call.budget.signal);
    return super.handle(request, { ...options, abortSignal });
  }
}

function joined(given: AbortSignal | undefined, budget: AbortSignal): AbortSignal {
  return given ? AbortSignal.any([given, budget]) : budget;
}

/**
 * One DynamoDB client per container. DYNAMODB_ENDPOINT is set only when the table lives elsewhere than AWS's
 * regional endpoint (DynamoDB Local): configuration, not a code path.
 */
export const dynamoDbClient = instrumented(
  new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    // Asked at each failure, inside the call: reads are retried, writes are not.
    retryStrategy: new StandardRetryStrategy(async () =>
      calls.getStore()?.read ? TABLE_CALLS.readAttempts : 1,
    ),
    requestHandler: new BudgetedHttpHandler({ connectionTimeout: TABLE_CALLS.connectionTimeoutMs }),
  }),
);
dynamoDbClient.middlewareStack.add(budgetEachCall, { step: 'initialize', name: 'tableBudget' });
