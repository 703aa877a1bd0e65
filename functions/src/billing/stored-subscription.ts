import type { SubscriptionSummary } from '@bloom/shared/billing/subscription';
import type { Tier } from '@bloom/shared/planner/types';
import type { ProfileItem } from '../data/items';

export interface StoredBilling {
  tier: Tier;
  /** Her subscription as the last sync read it from Stripe; null when she never had one. */
  subscription: SubscriptionSummary | null;
}

/** Tier and subscription as the profile stores them. */
export function storedBilling(item: ProfileItem | undefined): StoredBilling {
  return {
    tier: item?.tier ?? 'free',
    subscription: item?.subscriptionStatus
      ? {
          status: item.subscriptionStatus,
          plan: item.subscriptionPlan ?? null,
          currentPeriodEnd: item.currentPeriodEnd ?? null,
          cancelAtPeriodEnd: item.cancelAtPeriodEnd ?? false,
        }
      : null,
  };
}
