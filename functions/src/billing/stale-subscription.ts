import type { ProfileItem } from '../data/items';

/** How long after a paid period's end Bloom waits for Stripe's renewal or cancellation before asking itself. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A Pro profile whose paid period ended over a day ago, and that no sync has read since then: Stripe renews or
 * ends a subscription at its period end and says so with an event, so one of those events was lost (or is
 * very late). Asking Stripe once settles it; a reading taken after that point is not asked again.
 */
export function needsResync(item: ProfileItem | undefined, now: Date): boolean {
  if (item?.tier !== 'pro' || !item.stripeCustomerId || !item.currentPeriodEnd) return false;
  const staleFrom = Date.parse(item.currentPeriodEnd) + STALE_AFTER_MS;
  if (now.getTime() < staleFrom) return false;
  return item.syncedAt === undefined || Date.parse(item.syncedAt) < staleFrom;
}
