import type { Profile } from '@bloom/shared/api/schemas';
import { refuseWhileDeleting } from '../account/deletion-mark';
import { needsResync } from '../billing/stale-subscription';
import { syncSubscription } from '../billing/sync';
import type { Caller } from '../caller';
import { getProfile } from '../data/reads';
import { log } from '../observability/log';
import { toProfile } from './profile';

/**
 * One GetItem, and no Stripe call, except for a Pro profile whose paid period is over a day past
 * (billing/stale-subscription.ts): then her subscription is synced first, so that a lost `deleted` event cannot
 * keep her Pro forever. If Stripe cannot be asked, she gets the profile as stored and the next read tries again.
 */
export async function readProfile(caller: Caller, now: Date): Promise<Profile> {
  const item = await getProfile(caller.userId);
  refuseWhileDeleting(item);
  if (!item?.stripeCustomerId || !needsResync(item, now)) return toProfile(caller, item);
  try {
    const synced = await syncSubscription(item.stripeCustomerId);
    return toProfile(caller, item, synced);
  } catch (error) {
    log.warn('Could not re-check a subscription past its period end', { error: error as Error });
    return toProfile(caller, item);
  }
}
