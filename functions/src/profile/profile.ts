import type { Profile } from '@bloom/shared/api/schemas';
import { DEFAULT_TIME_ZONE } from '@bloom/shared/week/week';
import { type StoredBilling, storedBilling } from '../billing/stored-subscription';
import type { Caller } from '../caller';
import type { ProfileItem } from '../data/items';

/** The profile merges what Google told Cognito (the token) with what Bloom stores. */
export function toProfile(
  caller: Caller,
  item: ProfileItem | undefined,
  billing: StoredBilling = storedBilling(item),
): Profile {
  return {
    id: caller.userId,
    email: caller.email || item?.email || '',
    name: caller.name || item?.name || '',
    avatarUrl: caller.avatarUrl ?? item?.avatarUrl ?? null,
    timeZone: item?.timeZone ?? DEFAULT_TIME_ZONE,
    locale: item?.locale ?? null,
    tier: billing.tier,
    subscription: billing.subscription,
    quizAnswers: item?.quizAnswers ?? null,
  };
}
