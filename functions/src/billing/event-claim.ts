import { finishLease, type Lease, type LegacyLapse, newLease, releaseLease, takeLease } from '../data/lease';
import { EVENT_RETENTION_SECONDS, EVENT_SK, stripeEventPk } from './keys';

/**
 * The idempotency record of a Stripe event, a lease (data/lease.ts). A delivery claims the event before working
 * on it, and a claim is final once marked processed: a duplicate delivery (Stripe sends some twice, and retries)
 * finds it and does nothing. A claim that was never marked (the function timed out mid-way) lapses after
 * CLAIM_LEASE_MS, so a retry can take it over; a claim whose work failed is released at once for Stripe's retry.
 */

/** Longer than the webhook function's timeout: a claim older than this has no one working on it. */
export const CLAIM_LEASE_MS = 60_000;

export type EventClaim = Lease;

/**
 * Claims written before leases (docs/decisions/0006-one-lease-module.md) kept the time they were made in
 * `claimedAt`, an ISO string, and an unprocessed one lapsed CLAIM_LEASE_MS after it, as it still does.
 * Removable once the last of them has expired, 30 days after the change was deployed.
 */
const legacyClaimLapsed = (now: Date): LegacyLapse => ({
  condition: 'attribute_not_exists(processedAt) AND claimedAt < :legacyLapsedAt',
  values: { ':legacyLapsedAt': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() },
});

/** Claims the event; undefined when it was processed before or another delivery is working on it now. */
export async function claimEvent(
  event: { id: string; type: string },
  customerId: string,
  now: Date,
): Promise<EventClaim | undefined> {
  const claim = await takeLease(
    {
      pk: stripeEventPk(event.id),
      sk: EVENT_SK,
      type: event.type,
      customerId,
      ...newLease(now, CLAIM_LEASE_MS),
      expiresAt: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
    },
    now,
    legacyClaimLapsed(now),
  );
  return claim.taken ? claim.lease : undefined;
}

/** The event is done for good: its record stays, without a lease, until it expires. */
export async function markProcessed(claim: EventClaim, now: Date): Promise<void> {
  await finishLease(claim, { processedAt: now.toISOString() });
}

/** Gives the event back for Stripe's retry, unless another delivery has taken it over meanwhile. */
export async function releaseClaim(claim: EventClaim): Promise<void> {
  await releaseLease(claim);
}
