import type { ActionKey } from './http';

/**
 * The Idempotency-Key of one thing she does (a tick, an add, a checkout): made when she acts, kept with the
 * write (in memory and, for queued planner writes, on this device) and sent with every attempt of it
 * (docs/rules.md#errors-and-messages).
 */
export function newActionKey(): ActionKey {
  return crypto.randomUUID();
}
