import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../caller';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { PROFILE_SK, userPk } from '../data/keys';
import { getProfile } from '../data/reads';
import { TransactionRefused, transactWrite } from '../data/transact';
import { CUSTOMER_SK, type CustomerLookupItem, stripeCustomerPk } from './keys';
import { stripe } from './stripe-client';

/**
 * The caller's Stripe customer: the one on their profile, or a new one made with their email. A new customer
 * is recorded on the profile together with its customer→user lookup, in one transaction.
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
    await transactWrite({
      TransactItems: [
        {
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
        {
          Update: {
            TableName: tableName(),
            Key: { pk: userPk(caller.userId), sk: PROFILE_SK },
            UpdateExpression: 'SET stripeCustomerId = :customer, tier = if_not_exists(tier, :free)',
            ConditionExpression: 'attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :customer',
            ExpressionAttributeValues: { ':customer': customer.id, ':free': 'free' },
          },
        },
      ],
    });
    return customer.id;
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    // Another request recorded a customer first: use that one.
    const current = await getProfile(caller.userId);
    if (!current?.stripeCustomerId) throw error;
    return current.stripeCustomerId;
  }
}

/** Whose Stripe customer this is (Stripe's events name only the customer); undefined for one Bloom never made. */
export async function userOfCustomer(customerId: string): Promise<string | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: stripeCustomerPk(customerId), sk: CUSTOMER_SK } }),
  );
  return (result.Item as CustomerLookupItem | undefined)?.userId;
}
