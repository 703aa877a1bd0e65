/**
 * Billing's items in the single table (see data/table.ts):
 *
 * | item                 | pk                           | sk         | attributes                    |
 * | -------------------- | ---------------------------- | ---------- | ----------------------------- |
 * | customer lookup      | STRIPE_CUSTOMER#{customerId} | CUSTOMER   | userId                        |
 * | processed event      | STRIPE_EVENT#{eventId}       | EVENT      | type, receivedAt, expiresAt   |
 *
 * The lookup lets subscription events, which name only a Stripe customer, find their user with one GetItem.
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
