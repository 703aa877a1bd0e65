import type Stripe from 'stripe';

/**
 * "Now" for her billing, which is Stripe's time, not this function's (docs/rules.md#billing-states): a customer
 * Stripe keeps on a test clock lives at the clock's frozen_time, and every paid_at of hers is stamped on it;
 * any other customer, as in live mode, at the real time `realNow`. One request (the customer with her clock
 * expanded), which callers send beside their other reads.
 */
export async function billingNow(client: Stripe, customerId: string, realNow: Date): Promise<Date> {
  const customer = await client.customers.retrieve(customerId, { expand: ['test_clock'] });
  if (customer.deleted || !customer.test_clock) return realNow;
  const clock =
    typeof customer.test_clock === 'string'
      ? await client.testHelpers.testClocks.retrieve(customer.test_clock)
      : customer.test_clock;
  return new Date(clock.frozen_time * 1000);
}
