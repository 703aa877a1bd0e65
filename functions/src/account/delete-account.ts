import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signOutAndDeleteUser } from '../aws/cognito-idp';
import { deleteCustomer } from '../billing/customer';
import { CUSTOMER_SK, stripeCustomerPk } from '../billing/keys';
import { required } from '../billing/settings';
import type { Caller } from '../caller';
import { documentClient, tableName } from '../data/client';
import type { ProfileItem } from '../data/items';
import { CALENDAR_TOKEN_SK, calendarTokenPk, PROFILE_SK, userPk } from '../data/keys';
import { queryPartition } from '../data/reads';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import type { ReminderSettingsItem } from '../reminders/items';
import { REMINDERS_SK } from '../reminders/keys';
import { closedAccountItem } from './closed-account';
import { DELETING_ATTRIBUTE } from './deletion-mark';

/** BatchWriteItem takes at most 25 requests. */
const BATCH_SIZE = 25;
/** Attempts at the items DynamoDB left unprocessed (throttling) before the step fails and may be retried. */
const UNPROCESSED_ATTEMPTS = 6;
/** Writes that were already on their way when the mark was set may land meanwhile: her partition is read again. */
const PARTITION_ROUNDS = 3;

/**
 * Deletes her account: everything Bloom holds about her, her Stripe customer and her sign-in. The steps run in
 * an order that leaves no account she could still use half-deleted, and each can be run again, so a retry
 * after a failure at any step finishes the deletion (docs/rules.md#deleting-an-account):
 *
 * 1. mark the profile `deletingAt`: from now on every route that reads her profile refuses her account (409);
 * 2. delete her Stripe customer, which cancels any live subscription at once;
 * 3. delete every other item of her partition, page by page, and again until none is left; her reminders are
 *    filed outside it (`REMIND#` buckets), so those go first, while the settings that list them still exist;
 * 4. delete her lookups outside her partition: customer→user and her calendar feed's token→user;
 * 5. strip the profile down to the mark;
 * 6. sign out and delete her Cognito user, if it is still hers: signing in with the same Google account
 *    afterwards is a new account;
 * 7. delete the profile and leave the closed-account mark (closed-account.ts) in one transaction: from then
 *    on every token issued to her is refused.
 *
 * Until step 6 she can sign in, to an account that only offers to finish deleting it. After step 6 only the
 * bare mark remains, which a retry with the session she is in removes.
 */
export async function deleteAccount(caller: Caller, now: Date): Promise<void> {
  if (!caller.username) throw new DomainError('unauthorized');
  const profile = await markDeleting(caller.userId, now);
  const customerId = profile.stripeCustomerId;
  if (customerId) await deleteCustomer(customerId);
  await deletePartitionExceptProfile(caller.userId);
  if (customerId) await deleteItem(stripeCustomerPk(customerId), CUSTOMER_SK);
  if (profile.calendarTokenHash)
    await deleteItem(calendarTokenPk(profile.calendarTokenHash), CALENDAR_TOKEN_SK);
  await stripProfile(profile);
  const existed = await signOutAndDeleteUser(required('USER_POOL_ID'), caller.username, caller.userId);
  await closeAccount(caller.userId, now);
  log.info('Deleted an account', { hadStripeCustomer: Boolean(customerId), cognitoUserExisted: existed });
}

/** The last step: the profile goes and the mark that refuses her old tokens comes, together. */
async function closeAccount(userId: string, now: Date): Promise<void> {
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: { pk: userPk(userId), sk: PROFILE_SK } } },
        { Put: { TableName: tableName(), Item: closedAccountItem(userId, now) } },
      ],
    }),
  );
}

/** Sets the mark (keeping the first one's time on a retry) and returns the profile as it is now. */
async function markDeleting(userId: string, now: Date): Promise<ProfileItem> {
  const result = await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: userPk(userId), sk: PROFILE_SK },
      UpdateExpression: 'SET #mark = if_not_exists(#mark, :now)',
      ExpressionAttributeNames: { '#mark': DELETING_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return result.Attributes as ProfileItem;
}

async function deletePartitionExceptProfile(userId: string): Promise<void> {
  for (let round = 0; round < PARTITION_ROUNDS; round++) {
    const items = (await queryPartition(userId)).filter((item) => item.sk !== PROFILE_SK);
    if (items.length === 0) return;
    const filed = items.flatMap((item) =>
      item.sk === REMINDERS_SK ? (item as unknown as ReminderSettingsItem).filed : [],
    );
    // The buckets in batches of their own, finished before any batch that could hold the settings listing them.
    const mine = items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
    for (const keys of [filed, mine]) {
      for (let start = 0; start < keys.length; start += BATCH_SIZE) {
        await deleteBatch(keys.slice(start, start + BATCH_SIZE));
      }
    }
  }
  throw new Error('Items kept arriving in a partition being deleted');
}

async function deleteBatch(keys: { pk: string; sk: string }[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; attempt < UNPROCESSED_ATTEMPTS; attempt++) {
    const result = await documentClient.send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
    );
    const left = result.UnprocessedItems?.[tableName()] ?? [];
    if (left.length === 0) return;
    requests = left as typeof requests;
    await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt * Math.random()));
  }
  throw new Error(`${requests.length} deletions stayed unprocessed`);
}

/** What is left of the profile until her sign-in is gone: the mark, and nothing about her. */
async function stripProfile(profile: ProfileItem): Promise<void> {
  const names = Object.keys(profile).filter((name) => !['pk', 'sk', DELETING_ATTRIBUTE].includes(name));
  if (names.length === 0) return;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: profile.pk, sk: PROFILE_SK },
        UpdateExpression: `REMOVE ${names.map((_, index) => `#a${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

async function deleteItem(pk: string, sk: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
}
