import type { AcceptedCard } from './cards';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  PortalSession,
  Price,
  Subscription,
  TestClock,
} from './objects';
import { AccountState } from './resources/account-state';
import { completeCheckout, type Payer } from './resources/checkout-sessions';
import { customer, customersOn } from './resources/customers';
import { invoicesOfCustomer } from './resources/invoices';
import type { Params } from './resources/params';
import { updateCard } from './resources/payment-methods';
import { openPortalSession } from './resources/portal-sessions';
import { prices } from './resources/prices';
import { runDue } from './resources/schedule';
import { cancelSubscription, subscriptionsOf, updateSubscription } from './resources/subscriptions';
import {
  advanceTestClock,
  createTestClock,
  finishAdvance,
  nextPeriodEndOn,
  removeTestClock,
  testClocks,
} from './resources/test-clocks';

/**
 * One Stripe test-mode account: prices, customers, Checkout Sessions, subscriptions and their invoices,
 * payments and refunds, customer-portal sessions, test clocks, and the events each change emits. Each resource
 * is a module of `resources/` (with its API routes); this is the account as the emulator's pages, its
 * dashboard and the tests use it.
 *
 * Time is Stripe's: a customer follows this machine's time, unless she is on a test clock, whose frozen_time
 * is "now" for her and everything of hers (her subscriptions, invoices, payments, Checkout Sessions) until the
 * clock is advanced. Renewals, failed-payment retries, cancellations at period end and expiries happen at their
 * moment, in order, each with its events: in real time whenever the account is next used (`catchUp`), and on a
 * test clock while it advances.
 */
export class StripeAccount extends AccountState {
  /**
   * Deletes the test clocks past their `deletes_after`, finishes those whose advancement is done, and does
   * what fell due in real time for the customers on no test clock.
   */
  catchUp(): void {
    const now = this.now();
    for (const clock of Object.values(this.data.testClocks)) {
      if (clock.deletes_after <= now) removeTestClock(this, clock);
      else if (clock.status === 'advancing' && (clock.advanced_at_ms_internal ?? 0) <= Date.now()) {
        finishAdvance(this, clock);
      }
    }
    runDue(this, undefined, now);
  }

  prices(): Price[] {
    return prices(this);
  }

  customer(id: string): Customer {
    return customer(this, id);
  }

  subscription(id: string): Subscription {
    return this.find('subscriptions', id, 'subscription');
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return subscriptionsOf(this, customerId);
  }

  invoicesOfCustomer(customerId: string): Invoice[] {
    return invoicesOfCustomer(this, customerId);
  }

  /** The hosted Checkout page's payment (checkout-page.ts). */
  completeCheckout(sessionId: string, payer: Payer): CheckoutSession {
    return completeCheckout(this, sessionId, payer);
  }

  /** The portal (portal-page.ts): its link, its card form and its plan buttons. */
  openPortalSession(id: string): PortalSession | undefined {
    return openPortalSession(this, id);
  }

  updateCard(customerId: string, card: AcceptedCard, name: string | null): void {
    updateCard(this, customerId, card, name);
  }

  updateSubscription(id: string, params: Params): Subscription {
    return updateSubscription(this, id, params);
  }

  cancelSubscription(id: string): Subscription {
    return cancelSubscription(this, id);
  }

  /** The dashboard's simulation (dashboard.ts): a test clock for a customer, advanced by days or to a period end. */
  createTestClock(params: Params): TestClock {
    return createTestClock(this, params);
  }

  advanceTestClock(id: string, params: Params): TestClock {
    return advanceTestClock(this, id, params);
  }

  testClocks(): TestClock[] {
    return testClocks(this);
  }

  customersOn(clockId: string): Customer[] {
    return customersOn(this, clockId);
  }

  nextPeriodEndOn(clockId: string): number | undefined {
    return nextPeriodEndOn(this, clockId);
  }
}
