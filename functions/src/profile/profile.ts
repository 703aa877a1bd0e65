import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, UpdateProfileBody } from '@bloom/shared/api/schemas';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import type { Caller } from '../http/caller';
import { DEFAULT_TIME_ZONE } from '../planner/week-state';

/** The profile merges what Google told Cognito (the token) with what Bloom stores. */
export function toProfile(caller: Caller, item: ProfileItem | undefined): Profile {
  return {
    id: caller.userId,
    email: caller.email || item?.email || '',
    name: caller.name || item?.name || '',
    avatarUrl: caller.avatarUrl ?? item?.avatarUrl ?? null,
    timeZone: item?.timeZone ?? DEFAULT_TIME_ZONE,
    tier: item?.tier ?? 'free',
    quizAnswers: item?.quizAnswers ?? null,
  };
}

export async function readProfile(caller: Caller): Promise<Profile> {
  return toProfile(caller, await getProfile(caller.userId));
}

/** One UpdateItem that also records who the user is, so the first save creates the profile. */
export async function updateProfile(caller: Caller, changes: UpdateProfileBody, now: Date): Promise<Profile> {
  const values: Record<string, unknown> = {
    ':email': caller.email,
    ':name': caller.name,
    ':avatarUrl': caller.avatarUrl,
    ':now': now.toISOString(),
    ':free': 'free',
  };
  const sets = [
    'email = :email',
    '#name = :name',
    'avatarUrl = :avatarUrl',
    'updatedAt = :now',
    'tier = if_not_exists(tier, :free)',
  ];
  if (changes.timeZone !== undefined) {
    sets.push('timeZone = :timeZone');
    values[':timeZone'] = changes.timeZone;
  }
  if (changes.quizAnswers !== undefined) {
    sets.push('quizAnswers = :quizAnswers');
    values[':quizAnswers'] = changes.quizAnswers;
  }
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(caller.userId), sk: PROFILE_SK },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(caller, result.Attributes as ProfileItem);
}
