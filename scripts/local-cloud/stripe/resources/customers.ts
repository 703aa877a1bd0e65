import { invalidParam, StripeApiError } from '../errors';
import { type Customer, newId, publicView } from '../objects';
import type { AccountState, Deleted } from './account-state';
import { metadataOf, optionalString, type Params, stringList } from './params';
import type { RouteTable } from './route-table';
import { endSubscription, hasEnded, subscriptionsOf } from './subscriptions';

/** Customers: made by Bloom (or by Checkout), perhaps on a test clock, and deleted with all they pay for. */

type DeletedCustomer = Deleted<'customer'>;

/** At most this many customers share one test clock. */
const CUSTOMERS_PER_TEST_CLOCK = 3;

/** POST /v1/customers, with `test_clock`: she lives on that clock from the start. */
export function createCustomer(account: AccountState, params: Params): Customer {
  const clockId = optionalString(params, 'test_clock');
  const clock = clockId ? account.find('testClocks', clockId, 'test clock', 'test_clock') : undefined;
  if (clock && customersOn(account, clock.id).length >= CUSTOMERS_PER_TEST_CLOCK) {
    throw invalidParam(
      'test_clock',
      `A test clock can have at most ${CUSTOMERS_PER_TEST_CLOCK} customers; ${clock.id} has them already.`,
    );
  }
  return account.change((emit) => {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      email: optionalString(params, 'email'),
      name: optionalString(params, 'name'),
      description: optionalString(params, 'description'),
      metadata: metadataOf(params.metadata),
      created: clock?.frozen_time ?? account.now(),
      livemode: false,
      currency: null,
      delinquent: false,
      invoice_settings: { default_payment_method: null },
      test_clock: clock?.id ?? null,
    };
    account.data.customers[customer.id] = customer;
    emit('customer.created', customer);
    return customer;
  });
}

export function customer(account: AccountState, id: string): Customer {
  return account.find('customers', id, 'customer');
}

export function customersOn(account: AccountState, clockId: string): Customer[] {
  return Object.values(account.data.customers).filter((candidate) => candidate.test_clock === clockId);
}

/** GET /v1/customers/:id: a deleted customer is still answered, as `{ id, object, deleted: true }`. */
function retrieveCustomer(account: AccountState, id: string): Customer | DeletedCustomer {
  if (account.data.deletedCustomers?.[id]) return { id, object: 'customer', deleted: true };
  return customer(account, id);
}

/**
 * DELETE /v1/customers/:id, as Stripe does it: the customer's live subscriptions are cancelled at once (each
 * with customer.subscription.deleted), its cards are detached, then it goes (customer.deleted). Deleting it again
 * is a 404, and nothing more can be done with it (no Checkout, no portal).
 */
export function deleteCustomer(account: AccountState, id: string): DeletedCustomer {
  const deleted = customer(account, id);
  for (const subscription of subscriptionsOf(account, id)) {
    if (!hasEnded(subscription)) {
      endSubscription(account, subscription, account.nowFor(id), 'cancellation_requested');
    }
  }
  return account.change((emit) => {
    for (const method of Object.values(account.data.paymentMethods)) {
      if (method.customer === id) method.customer = null;
    }
    delete account.data.customers[id];
    account.data.deletedCustomers = { ...account.data.deletedCustomers, [id]: true };
    emit('customer.deleted', deleted);
    return { id, object: 'customer', deleted: true };
  });
}

/** Whether a customer request asks for `expand[]=test_clock`, the only customer expansion emulated here. */
function expandsTestClock(params: Params): boolean {
  const expand = stringList(params.expand);
  const unsupported = expand.find((field) => field !== 'test_clock');
  if (unsupported) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This property cannot be expanded (${unsupported}). The local Stripe emulator expands a customer's test_clock only.`,
    );
  }
  return expand.includes('test_clock');
}

/** The customer as the API answers her: `test_clock` is the clock's id, or the clock itself when expanded. */
function withTestClock(
  account: AccountState,
  answer: Customer | DeletedCustomer,
  expanded: boolean,
): unknown {
  if (!expanded || 'deleted' in answer || !answer.test_clock) return answer;
  return { ...answer, test_clock: publicView(account.find('testClocks', answer.test_clock, 'test clock')) };
}

export const customerRoutes: RouteTable = {
  'POST customers': (account, { params }) => {
    const expandsClock = expandsTestClock(params);
    return withTestClock(account, createCustomer(account, params), expandsClock);
  },
  'GET customers/:id': (account, { id, params }) =>
    withTestClock(account, retrieveCustomer(account, id), expandsTestClock(params)),
  'DELETE customers/:id': (account, { id }) => deleteCustomer(account, id),
};
