import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import type { SubscriptionState } from './subscription-state';

/**
 * The subscription fields of the profile, written only by a sync (billing/sync.ts), and the two counters that
 * keep an older reading of Stripe from overwriting a newer one:
 *
 * - `syncTicket`: each sync takes the next number (an atomic ADD) before it asks Stripe;
 * - `syncedTicket`: the ticket of the reading that is stored. A sync may store its reading only if no sync
 *   with a higher ticket, which asked Stripe after it started, has stored one already.
 */

/** Takes the next sync ticket; undefined when the profile does not (or no longer) belong to this customer. */
export async function takeSyncTicket(userId: string, customerId: string): Promise<number | undefined> {
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: userPk(userId), sk: PROFILE_SK },
        UpdateExpression: 'ADD syncTicket :one',
        ConditionExpression: 'stripeCustomerId = :customer',
        ExpressionAttributeValues: { ':one': 1, ':customer': customerId },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (result.Attributes as Pick<ProfileItem, 'syncTicket'>).syncTicket;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export type StoreOutcome =
  | { stored: true; profile: ProfileItem }
  /** A sync that started later stored its reading first: `profile` holds that newer one. */
  | { stored: false; profile: ProfileItem };

/**
 * One conditional UpdateItem: tier and subscription fields from the reading (none: free, fields removed),
 * guarded by the ticket. The legacy `subscriptionEventAt` of the event-ordered webhook goes with it.
 */
export async function storeReading(
  userId: string,
  customerId: string,
  ticket: number,
  state: SubscriptionState | null,
  now: Date,
): Promise<StoreOutcome> {
  const set = {
    tier: state?.tier ?? 'free',
    syncedTicket: ticket,
    syncedAt: now.toISOString(),
    ...(state
      ? {
          subscriptionId: state.subscriptionId,
          subscriptionStatus: state.status,
          subscriptionPlan: state.plan,
          currentPeriodEnd: state.currentPeriodEnd,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        }
      : {}),
  };
  const remove = [
    'subscriptionEventAt',
    ...(state
      ? []
      : [
          'subscriptionId',
          'subscriptionStatus',
          'subscriptionPlan',
          'currentPeriodEnd',
          'cancelAtPeriodEnd',
        ]),
  ];
  const names = Object.keys(set);
  try {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: userPk(userId), sk: PROFILE_SK },
        UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')} REMOVE ${remove.join(', ')}`,
        ConditionExpression:
          'stripeCustomerId = :customer AND (attribute_not_exists(syncedTicket) OR syncedTicket < :syncedTicket)',
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name) => [`:${name}`, set[name as keyof typeof set]])),
          ':customer': customerId,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { stored: true, profile: result.Attributes as ProfileItem };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
    // biome-ignore lint/suspicious/noExplicitAny: the SDK types the raw item as AttributeValue records
    return { stored: false, profile: unmarshall(error.Item as any) as ProfileItem };
  }
}
