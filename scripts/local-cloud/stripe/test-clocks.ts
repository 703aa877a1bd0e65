import type { Params } from './account';
import { invalidParam, missingParam, StripeApiError } from './errors';
import { newId, periodEnd, type Subscription, type TestClock } from './objects';

/** Stripe deletes a test clock, and the customers on it, this long after it was made. */
export const TEST_CLOCK_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** At most this many customers share one test clock. */
export const CUSTOMERS_PER_TEST_CLOCK = 3;
/** An account holds at most this many test clocks at once. */
export const TEST_CLOCKS_PER_ACCOUNT = 100;
/** A customer with more subscriptions than this cannot be put on a test clock ("Run simulation"). */
export const SUBSCRIPTIONS_TO_SIMULATE = 3;
const NAME_MAX_LENGTH = 300;
/** With no subscription on the clock, one advance may move it at most two years. */
const YEARS_WITHOUT_SUBSCRIPTIONS = 2;

/** A Unix timestamp parameter, as Stripe reads one. */
export function timestampParam(params: Params, key: string): number {
  const raw = params[key];
  if (raw === undefined || raw === '') throw missingParam(key);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw invalidParam(
      key,
      `Invalid timestamp: must be an integer Unix timestamp in seconds (${String(raw)}).`,
    );
  }
  return value;
}

/** POST /v1/test_helpers/test_clocks: a new clock, ready, standing at `frozen_time` (past or future). */
export function newTestClock(params: Params, now: number): TestClock {
  const frozenTime = timestampParam(params, 'frozen_time');
  const name = typeof params.name === 'string' && params.name !== '' ? params.name : null;
  if (name !== null && name.length > NAME_MAX_LENGTH) {
    throw invalidParam('name', `Invalid string: must be at most ${NAME_MAX_LENGTH} characters.`);
  }
  return {
    id: newId('clock'),
    object: 'test_helpers.test_clock',
    created: now,
    deletes_after: now + TEST_CLOCK_LIFETIME_SECONDS,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: 'ready',
    status_details: {},
    advanced_at_ms_internal: null,
  };
}

/**
 * Refuses an advance Stripe refuses: while the clock is still advancing, to a time not after its frozen_time,
 * or further than two intervals of its shortest subscription (two years when it has none).
 */
export function checkAdvance(clock: TestClock, to: number, subscriptions: readonly Subscription[]): void {
  if (clock.status === 'advancing') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The test clock ${clock.id} is already advancing. Wait until its status is ready before advancing it again.`,
    );
  }
  if (to <= clock.frozen_time) {
    throw invalidParam('frozen_time', "The test clock's frozen_time can only be advanced to a later time.");
  }
  const limit = advanceLimit(clock.frozen_time, subscriptions);
  if (to > limit) {
    throw invalidParam(
      'frozen_time',
      `A test clock advances at most two intervals of its shortest subscription at a time (two years without one): frozen_time can be at most ${limit}.`,
    );
  }
}

/** The furthest one advance may go from `frozenTime`. */
function advanceLimit(frozenTime: number, subscriptions: readonly Subscription[]): number {
  const intervals = subscriptions.flatMap((subscription) =>
    subscription.items.data.map((item) => item.price.recurring.interval),
  );
  const shortest = intervals.includes('month') ? 'month' : intervals.includes('year') ? 'year' : undefined;
  if (!shortest) {
    const date = new Date(frozenTime * 1000);
    date.setUTCFullYear(date.getUTCFullYear() + YEARS_WITHOUT_SUBSCRIPTIONS);
    return Math.floor(date.getTime() / 1000);
  }
  return periodEnd(periodEnd(frozenTime, shortest), shortest);
}
