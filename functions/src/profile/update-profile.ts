import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, UpdateProfileBody, UpdateProfileResponse } from '@bloom/shared/api/schemas';
import { effectOfNewAnswers, sameAnswers, weekPlan } from '@bloom/shared/plan/week-plan';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import { canonicalTimeZone } from '@bloom/shared/week/time-zone';
import { DEFAULT_TIME_ZONE, todayIn, weekStartOf } from '@bloom/shared/week/week';
import { DELETING_ATTRIBUTE } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { TransactionRefused, transactWrite } from '../data/transact';
import { DomainError } from '../domain-error';
import { MAX_TRANSACTION_ITEMS, replanTransaction, weekSnapshot } from '../planner/replan-week';
import { readWeekState } from '../planner/week-state';
import { toProfile } from './profile';

/**
 * Saves the time zone, her language and quiz answers. New answers also reach her current week (in her time zone): an untouched
 * week Bloom planned is planned again from them in the same transaction; a week she has made her own is kept,
 * and the answer says that replacing it is on offer (shared/src/plan/week-plan.ts decides which).
 */
export async function updateProfile(
  caller: Caller,
  sent: UpdateProfileBody,
  now: Date,
): Promise<UpdateProfileResponse> {
  // Her zone is stored by its current name (docs/rules.md#time-zones).
  const changes =
    sent.timeZone === undefined ? sent : { ...sent, timeZone: await canonicalTimeZone(sent.timeZone) };
  const answers = changes.quizAnswers;
  if (!answers) return { ...(await saveProfile(caller, changes, now)), planChange: null };

  const zone = changes.timeZone ?? (await getProfile(caller.userId))?.timeZone ?? DEFAULT_TIME_ZONE;
  const weekStart = weekStartOf(todayIn(zone, now));
  const state = await readWeekState(caller.userId, weekStart, now);
  if (sameAnswers(state.profile?.quizAnswers, answers)) {
    return { ...(await saveProfile(caller, changes, now)), planChange: null };
  }

  const effect = effectOfNewAnswers(weekSnapshot(state));
  if (effect === 'replan') {
    const fresh = weekPlan(answers, weekStart, changes.planArrangement);
    const { items } = replanTransaction(caller.userId, weekStart, state, fresh, now);
    const { assigned, update } = profileUpdate(caller, changes, now);
    if (items.length + 1 <= MAX_TRANSACTION_ITEMS) {
      try {
        await transactWrite({ TransactItems: [{ Update: update }, ...items] });
        const saved = { ...state.profile, ...assigned, tier: state.profile?.tier ?? 'free' };
        return {
          ...toProfile(caller, saved as ProfileItem),
          planChange: { weekStart, outcome: 'replanned' },
        };
      } catch (error) {
        if (!(error instanceof TransactionRefused)) throw error;
        // She touched the week in that instant: it is hers now, so she is asked instead.
      }
    }
  }
  const saved = await saveProfile(caller, changes, now);
  return { ...saved, planChange: effect === 'none' ? null : { weekStart, outcome: 'offered' } };
}

/** One UpdateItem that also records who the user is, so the first save creates the profile. */
async function saveProfile(caller: Caller, changes: UpdateProfileBody, now: Date): Promise<Profile> {
  const { update } = profileUpdate(caller, changes, now);
  try {
    const result = await documentClient.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
    return toProfile(caller, result.Attributes as ProfileItem);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new DomainError('account_deleting');
    throw error;
  }
}

/**
 * The profile's update. New answers replace the preview arrangement: the one sent with them, or none (an
 * arrangement belongs to the plan of the answers it came with).
 */
function profileUpdate(caller: Caller, changes: UpdateProfileBody, now: Date) {
  const assigned: Record<string, unknown> & { quizAnswers?: QuizAnswers } = {
    email: caller.email,
    name: caller.name,
    avatarUrl: caller.avatarUrl,
    updatedAt: now.toISOString(),
    ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone } : {}),
    ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
    ...(changes.quizAnswers !== undefined ? { quizAnswers: changes.quizAnswers } : {}),
    ...(changes.planArrangement !== undefined ? { planArrangement: changes.planArrangement } : {}),
  };
  const removed = changes.quizAnswers !== undefined && changes.planArrangement === undefined;
  // Placeholders for every name: several (name, timeZone) are DynamoDB reserved words.
  const fields = Object.keys(assigned);
  const names = [...fields, 'tier', DELETING_ATTRIBUTE, ...(removed ? ['planArrangement'] : [])];
  return {
    assigned,
    update: {
      TableName: tableName(),
      Key: { pk: userPk(caller.userId), sk: PROFILE_SK },
      // An account being deleted takes no more answers (docs/rules.md#deleting-an-account).
      ConditionExpression: `attribute_not_exists(#${DELETING_ATTRIBUTE})`,
      UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(', ')}, #tier = if_not_exists(#tier, :free)${removed ? ' REMOVE #planArrangement' : ''}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((field) => [`#${field}`, field])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((field) => [`:${field}`, assigned[field]])),
        ':free': 'free',
      },
    },
  };
}
