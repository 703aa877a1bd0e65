import type { TestClock } from '../objects';
import type { AccountState } from './account-state';
import { markSessionExpired } from './checkout-sessions';
import { expireIncomplete, INCOMPLETE_LIFETIME_SECONDS, renew, retryInvoice } from './renewals';
import { currentPeriodEnd, endSubscription, LIVE } from './subscriptions';

/**
 * What falls due as Stripe's time passes (sessions expiring, first invoices never paid, period ends, payment
 * retries, cancellations), done in order at its moment: in real time for customers on no test clock, and on a
 * test clock while it advances.
 */

interface Due {
  at: number;
  run: () => void;
}

/** Guards against a loop that keeps finding something due (a bug here, never a real account's state). */
const MOST_DUE_AT_ONCE = 10_000;

/**
 * Does everything that falls due up to `until` for the customers on `clock` (or on none), oldest first. On a
 * clock, its frozen_time stands at each moment as it comes, so what happens then is stamped with that time.
 */
export function runDue(account: AccountState, clock: TestClock | undefined, until: number): void {
  for (let step = 0; step < MOST_DUE_AT_ONCE; step++) {
    const next = nextDue(account, clock?.id ?? null, until);
    if (!next) return;
    if (clock) clock.frozen_time = Math.max(clock.frozen_time, next.at);
    next.run();
  }
  throw new Error('The Stripe emulator found more than 10,000 things due at once');
}

function nextDue(account: AccountState, clockId: string | null, until: number): Due | undefined {
  let next: Due | undefined;
  const onThisClock = (customerId: string | null) => (account.clockOf(customerId)?.id ?? null) === clockId;
  const consider = (at: number, run: () => void) => {
    if (at <= until && (!next || at < next.at)) next = { at, run };
  };
  for (const session of Object.values(account.data.sessions)) {
    if (session.status === 'open' && onThisClock(session.customer)) {
      consider(session.expires_at, () => markSessionExpired(account, session));
    }
  }
  for (const subscription of Object.values(account.data.subscriptions)) {
    if (!onThisClock(subscription.customer)) continue;
    if (subscription.status === 'incomplete') {
      const at = subscription.created + INCOMPLETE_LIFETIME_SECONDS;
      consider(at, () => expireIncomplete(account, subscription, at));
      continue;
    }
    if (!LIVE.has(subscription.status)) continue;
    const end = currentPeriodEnd(subscription);
    const cancelAt =
      subscription.cancel_at ?? (subscription.cancel_at_period_end ? end : Number.POSITIVE_INFINITY);
    if (cancelAt <= end) {
      consider(cancelAt, () => endSubscription(account, subscription, cancelAt, 'cancellation_requested'));
    } else if (subscription.status === 'active' || subscription.status === 'past_due') {
      consider(end, () => renew(account, subscription, end));
    }
  }
  for (const invoice of Object.values(account.data.invoices)) {
    if (invoice.status === 'open' && invoice.next_payment_attempt !== null && onThisClock(invoice.customer)) {
      const at = invoice.next_payment_attempt;
      consider(at, () => retryInvoice(account, invoice, at));
    }
  }
  return next;
}
