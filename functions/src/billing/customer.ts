import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CLOSED_ACCOUNT_SK, closedAccountPk } from '../account/closed-account';
import { DELETING_ATTRIBUTE, refuseWhileDeleting } from '../account/deletion-mark';
import type { Caller } from '../caller';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { TransactionRefused, transactWriteNamed } from '../data/transact';
import { DomainError } from '../domain-error';
import { CUSTOMER_SK, type CustomerLookupItem, stripeCustomerPk } from './keys';
import { stripe } from './stripe-client';
import { isMissingResource } from './stripe-errors';

/**
 * The caller's Stripe customer: the one on their profile, or a new one made with their email. A new customer
 * is recorded on the profile together with its customer→user lookup, in one transaction.
 *
 * Her account may be deleted while the customer is being made (the profile was read before the deletion's
 * mark): the transaction then records nothing, since the deletion would not know to remove it
 * (docs/rules.md#deleting-an-account), and the new customer, which holds her name and email, is deleted.
 */
export async function ensureCustomer(
  caller: Caller,
  profile: ProfileItem | undefined,
  now: Date,
): Promise<string> {
  if (profile?.stripeCustomerId) return profile.stripeCustomerId;
  const client = await stripe();
  const customer = await client.customers.create(
    {
      email: caller.email || undefined,
      name: caller.name || undefined,
      metadata: { userId: caller.userId },
    },
    // Two quick clicks on "Upgrade" get one customer: Stripe answers a repeated key with the first result.
    { idempotencyKey: `bloom-customer-${caller.userId}` },
  );
  try {
    await transactWriteNamed({
      lookup: {
        Put: {
          TableName: tableName(),
          Item: {
            pk: stripeCustomerPk(customer.id),
            sk: CUSTOMER_SK,
            userId: caller.userId,
            createdAt: now.toISOString(),
          },
        },
      },
      profile: {
        Update: {
          TableName: tableName(),
          Key: { pk: userPk(caller.userId), sk: PROFILE_SK },
          UpdateExpression: 'SET stripeCustomerId = :customer, tier = if_not_exists(tier, :free)',
          ConditionExpression:
            'attribute_not_exists(#deleting) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer)',
          ExpressionAttributeNames: { '#deleting': DELETING_ATTRIBUTE },
          ExpressionAttributeValues: { ':customer': customer.id, ':free': 'free' },
        },
      },
      // A finished deletion leaves no profile, so the Update alone would make a new one: her mark refuses it.
      accountOpen: {
        ConditionCheck: {
          TableName: tableName(),
          Key: { pk: closedAccountPk(caller.userId), sk: CLOSED_ACCOUNT_SK },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    });
    return customer.id;
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const current = await getProfile(caller.userId);
    // Another request recorded a customer first: use that one.
    if (current?.stripeCustomerId && !current.deletingAt && !error.conditionFailedOn('accountOpen')) {
      return current.stripeCustomerId;
    }
    // Otherwise her account is being deleted, or was (its profile gone since the condition was checked).
    await deleteCustomer(customer.id);
    refuseWhileDeleting(current);
    throw new DomainError('account_deleted');
  }
}

/** Deletes a Stripe customer, which cancels her live subscriptions at once; one deleted before is done. */
export async function deleteCustomer(customerId: string): Promise<void> {
  const client = await stripe();
  try {
    await client.customers.del(customerId);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
  }
}

/** Whose Stripe customer this is (Stripe's events name only the customer); undefined for one Bloom never made. */
export async function userOfCustomer(customerId: string): Promise<string | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: stripeCustomerPk(customerId), sk: CUSTOMER_SK } }),
  );
  return (result.Item as CustomerLookupItem | undefined)?.userId;
}
