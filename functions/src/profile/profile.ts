import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, UpdateProfileBody } from '@bloom/shared/api/schemas';
import { needsResync } from '../billing/stale-subscription';
import { type StoredBilling, storedBilling } from '../billing/stored-subscription';
import { syncSubscription } from '../billing/sync';
import type { Caller } from '../caller';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { logger } from '../observability';
import { DEFAULT_TIME_ZONE } from '../planner/week-state';

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
    tier: billing.tier,
    subscription: billing.subscription,
    quizAnswers: item?.quizAnswers ?? null,
  };
}

/**
 * One GetItem, and no Stripe call, except for a Pro profile whose paid period is over a day past
 * (billing/stale-subscription.ts): then her subscription is synced first, so that a lost `deleted` event cannot
 * keep her Pro forever. If Stripe cannot be asked, she gets the profile as stored and the next read tries again.
 */
export async function readProfile(caller: Caller, now: Date): Promise<Profile> {
  const item = await getProfile(caller.userId);
  if (!item?.stripeCustomerId || !needsResync(item, now)) return toProfile(caller, item);
  try {
    const synced = await syncSubscription(item.stripeCustomerId);
    return toProfile(caller, item, synced);
  } catch (error) {
    logger.warn('Could not re-check a subscription past its period end', { error: error as Error });
    return toProfile(caller, item);
  }
}

/** One UpdateItem that also records who the user is, so the first save creates the profile. */
export async function updateProfile(caller: Caller, changes: UpdateProfileBody, now: Date): Promise<Profile> {
  const assignments: Record<string, unknown> = {
    email: caller.email,
    name: caller.name,
    avatarUrl: caller.avatarUrl,
    updatedAt: now.toISOString(),
    ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone } : {}),
    ...(changes.quizAnswers !== undefined ? { quizAnswers: changes.quizAnswers } : {}),
  };
  // Placeholders for every name: several (name, timeZone) are DynamoDB reserved words.
  const fields = Object.keys(assignments);
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(caller.userId), sk: PROFILE_SK },
      UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(', ')}, #tier = if_not_exists(#tier, :free)`,
      ExpressionAttributeNames: Object.fromEntries([...fields, 'tier'].map((field) => [`#${field}`, field])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((field) => [`:${field}`, assignments[field]])),
        ':free': 'free',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(caller, result.Attributes as ProfileItem);
}
