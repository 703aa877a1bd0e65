import { AsyncLocalStorage } from 'node:async_hooks';
import type { ClientMiddleware } from './client-middleware';

/**
 * A check a request must pass before it changes anything: while it is pending, the request may read the table
 * but no other AWS call leaves the function; if it fails, none ever does and the call fails with its error.
 * A route starts its check and its reads together, so the check costs no round trip of its own
 * (docs/rules.md#closed-accounts).
 */
const pendingCheck = new AsyncLocalStorage<Promise<void>>();

/** Runs `work` behind `check`: every AWS call it makes but a table read waits for the check to pass. */
export function behindCheck<T>(check: Promise<void>, work: () => Promise<T>): Promise<T> {
  return pendingCheck.run(check, work);
}

/**
 * Resolves once the current request's check has passed (at once outside a request): for a call to a service
 * that is not AWS (Stripe), which the middleware below cannot see.
 */
export function checkPassed(): Promise<void> {
  return pendingCheck.getStore() ?? Promise.resolve();
}

/** Reading the table changes nothing; everything else (a write, a model call, a message sent) waits. */
const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);

export const requestGateMiddleware: ClientMiddleware = {
  applyToStack: (stack) => {
    stack.add(
      (next, context) => async (args) => {
        const check = pendingCheck.getStore();
        if (check && !READS.has(String(context.commandName))) await check;
        return next(args);
      },
      { step: 'initialize', name: 'bloomRequestGate', priority: 'high' },
    );
  },
};
