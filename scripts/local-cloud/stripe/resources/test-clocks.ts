import { invalidParam, noSuch, StripeApiError } from '../errors';
import { type Customer, newId, periodEnd, publicView, type Subscription, type TestClock } from '../objects';
import type { AccountState, Deleted } from './account-state';
import { customersOn, deleteCustomer } from './customers';
import { invoicesOfCustomer } from './invoices';
import { listPage, newestFirst } from './list-page';
import { optionalString, type Params, timestampParam } from './params';
import type { RouteTable } from './route-table';
import { runDue } from './schedule';
import { currentPeriodEnd, hasEnded, LIVE, subscriptionsOf } from './subscriptions';

/**
 * Test clocks (`test_helpers.test_clock`): a customer on one lives at its frozen_time, which moves only when it
 * is advanced; what falls due on the way happens in order (schedule.ts). Stripe's limits apply.
 */

/** Stripe deletes a test clock, and the customers on it, this long after it was made. */
const TEST_CLOCK_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** An account holds at most this many test clocks at once. */
const TEST_CLOCKS_PER_ACCOUNT = 100;
/** A customer with more subscriptions than this cannot be put on a test clock ("Run simulation"). */
const SUBSCRIPTIONS_TO_SIMULATE = 3;
const NAME_MAX_LENGTH = 300;
/** With no subscription on the clock, one advance may move it at most two years. */
const YEARS_WITHOUT_SUBSCRIPTIONS = 2;

/**
 * POST /v1/test_helpers/test_clocks. With `customer`, an existing customer (and all of hers) moves onto the
 * new clock, as Stripe's "Run simulation" does; she cannot leave it again. Her objects already live at real
 * time, so such a clock cannot start before now.
 */
export function createTestClock(account: AccountState, params: Params): TestClock {
  if (Object.keys(account.data.testClocks).length >= TEST_CLOCKS_PER_ACCOUNT) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `You can have at most ${TEST_CLOCKS_PER_ACCOUNT} test clocks. Delete one before creating another.`,
    );
  }
  const clock = newTestClock(params, account.now());
  const customerId = optionalString(params, 'customer');
  const customer = customerId ? account.data.customers[customerId] : undefined;
  if (customerId && !customer) throw noSuch('customer', customerId, 'customer');
  if (customer) checkSimulation(account, customer, clock);
  return account.change((emit) => {
    account.data.testClocks[clock.id] = clock;
    emit('test_helpers.test_clock.created', clock);
    if (customer) {
      customer.test_clock = clock.id;
      for (const subscription of subscriptionsOf(account, customer.id)) subscription.test_clock = clock.id;
      for (const invoice of invoicesOfCustomer(account, customer.id)) invoice.test_clock = clock.id;
    }
    return clock;
  });
}

/** A new clock, ready, standing at `frozen_time` (past or future). */
function newTestClock(params: Params, now: number): TestClock {
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

/** Refuses to put an existing customer on a clock as Stripe refuses it. */
function checkSimulation(account: AccountState, customer: Customer, clock: TestClock): void {
  if (customer.test_clock) {
    throw invalidParam('customer', `The customer ${customer.id} is already attached to a test clock.`);
  }
  if (subscriptionsOf(account, customer.id).length > SUBSCRIPTIONS_TO_SIMULATE) {
    throw invalidParam(
      'customer',
      `A customer with more than ${SUBSCRIPTIONS_TO_SIMULATE} subscriptions cannot be attached to a test clock.`,
    );
  }
  if (clock.frozen_time < account.now()) {
    throw invalidParam(
      'frozen_time',
      "A test clock for an existing customer cannot start before her objects' current time.",
    );
  }
}

/** The account's clocks, newest first. */
export function testClocks(account: AccountState): TestClock[] {
  return newestFirst(Object.values(account.data.testClocks));
}

function testClock(account: AccountState, id: string): TestClock {
  return account.find('testClocks', id, 'test clock');
}

/**
 * POST /v1/test_helpers/test_clocks/:id/advance: answers at once with status `advancing`; what falls due on
 * the way (renewals, retries, endings, expiries) happens in order, at its moment, and the clock is `ready`
 * at its new frozen_time only some time later (testClockAdvanceMs), as at Stripe: poll it, or wait for
 * `test_helpers.test_clock.ready`.
 */
export function advanceTestClock(account: AccountState, id: string, params: Params): TestClock {
  const clock = testClock(account, id);
  const to = timestampParam(params, 'frozen_time');
  const ongoing = customersOn(account, id).flatMap((customer) =>
    subscriptionsOf(account, customer.id).filter((subscription) => !hasEnded(subscription)),
  );
  checkAdvance(clock, to, ongoing);
  const delay = account.options.testClockAdvanceMs();
  const doneAt = Date.now() + delay;
  account.change((emit) => {
    Object.assign(clock, {
      status: 'advancing',
      status_details: { advancing: { target_frozen_time: to } },
      advanced_at_ms_internal: doneAt,
    } satisfies Partial<TestClock>);
    emit('test_helpers.test_clock.advancing', clock);
  });
  // Also finished by the next catchUp after doneAt, so a restart in between leaves no clock advancing forever.
  account.later(delay, () => {
    if (account.data.testClocks[id]?.advanced_at_ms_internal === doneAt) finishAdvance(account, clock);
  });
  return clock;
}

/**
 * Refuses an advance Stripe refuses: while the clock is still advancing, to a time not after its frozen_time,
 * or further than two intervals of its shortest subscription (two years when it has none).
 */
function checkAdvance(clock: TestClock, to: number, subscriptions: readonly Subscription[]): void {
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

/** The advance is done: what fell due on the way happens, and the clock is ready at its new time. */
export function finishAdvance(account: AccountState, clock: TestClock): void {
  const target = clock.status_details.advancing?.target_frozen_time ?? clock.frozen_time;
  runDue(account, clock, target);
  account.change((emit) => {
    Object.assign(clock, {
      frozen_time: target,
      status: 'ready',
      status_details: {},
      advanced_at_ms_internal: null,
    } satisfies Partial<TestClock>);
    emit('test_helpers.test_clock.ready', clock);
  });
}

/** DELETE /v1/test_helpers/test_clocks/:id: the clock goes, and so do its customers, as at Stripe. */
function deleteTestClock(account: AccountState, id: string): Deleted<'test_helpers.test_clock'> {
  removeTestClock(account, testClock(account, id));
  return { id, object: 'test_helpers.test_clock', deleted: true };
}

export function removeTestClock(account: AccountState, clock: TestClock): void {
  for (const customer of customersOn(account, clock.id)) deleteCustomer(account, customer.id);
  account.change((emit) => {
    delete account.data.testClocks[clock.id];
    emit('test_helpers.test_clock.deleted', clock);
  });
}

/** When the next live subscription on the clock renews or ends, if any: where "advance past the next period end" goes. */
export function nextPeriodEndOn(account: AccountState, clockId: string): number | undefined {
  const ends = customersOn(account, clockId)
    .flatMap((customer) => subscriptionsOf(account, customer.id))
    .filter((subscription) => LIVE.has(subscription.status))
    .map((subscription) =>
      Math.min(subscription.cancel_at ?? Number.POSITIVE_INFINITY, currentPeriodEnd(subscription)),
    );
  const first = Math.min(...ends);
  return Number.isFinite(first) ? first : undefined;
}

export const testClockRoutes: RouteTable = {
  'POST test_helpers/test_clocks': (account, { params }) => publicView(createTestClock(account, params)),
  'GET test_helpers/test_clocks': (account, { params, url }) => listPage(testClocks(account), params, url),
  'GET test_helpers/test_clocks/:id': (account, { id }) => publicView(testClock(account, id)),
  'DELETE test_helpers/test_clocks/:id': (account, { id }) => deleteTestClock(account, id),
  'POST test_helpers/test_clocks/:id/advance': (account, { id, params }) =>
    publicView(advanceTestClock(account, id, params)),
};
