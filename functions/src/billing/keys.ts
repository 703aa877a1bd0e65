/**
 * Billing's items in the single table (see data/table.ts):
 *
 * | item                 | pk                           | sk         | attributes                                           |
 * | -------------------- | ---------------------------- | ---------- | ---------------------------------------------------- |
 * | customer lookup      | STRIPE_CUSTOMER#{customerId} | CUSTOMER   | userId, createdAt                                    |
 * | processed event      | STRIPE_EVENT#{eventId}       | EVENT      | type, customerId, leaseHolder and leasedUntil (until |
 * |                      |                              |            | processed), processedAt, expiresAt                   |
 *
 * The lookup lets Stripe's events, which name only a Stripe customer, find their user with one GetItem. The
 * subscription itself is stored on the user's profile (subscription-record.ts).
 */

export const stripeCustomerPk = (customerId: string) => `STRIPE_CUSTOMER#${customerId}`;
export const CUSTOMER_SK = 'CUSTOMER';
export const stripeEventPk = (eventId: string) => `STRIPE_EVENT#${eventId}`;
export const EVENT_SK = 'EVENT';

/** Stripe retries a webhook for up to three days; remembering events for 30 covers that with room to spare. */
export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

export interface CustomerLookupItem {
  pk: string;
  sk: typeof CUSTOMER_SK;
  userId: string;
  createdAt: string;
}
