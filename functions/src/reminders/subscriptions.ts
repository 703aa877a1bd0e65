import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PushSubscriptionJson } from '@bloom/shared/reminders/settings';
import { documentClient, tableName } from '../data/client';
import { userPk } from '../data/keys';
import { queryAll } from '../data/reads';
import { DomainError } from '../domain-error';
import type { PushSubscriptionItem } from './items';
import { endpointHashOf, PUSH_PREFIX, pushSk } from './keys';
import { mayPushTo } from './push-services';

/** Devices she may get reminders on (docs/rules.md#reminders). */
export const MAX_DEVICES = 10;

export async function listPushSubscriptions(userId: string): Promise<PushSubscriptionItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :push)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':push': PUSH_PREFIX },
  });
  return items as unknown as PushSubscriptionItem[];
}

/**
 * Stores a device's subscription under its endpoint's hash: the same device subscribing again replaces its
 * keys. An endpoint that is not at a push service Bloom sends to is refused, and so is a new device beyond the
 * tenth.
 */
export async function savePushSubscription(
  userId: string,
  subscription: PushSubscriptionJson,
  now: Date,
): Promise<{ endpointHash: string }> {
  if (!mayPushTo(subscription.endpoint)) throw new DomainError('push_endpoint_not_allowed');
  const endpointHash = endpointHashOf(subscription.endpoint);
  const existing = await listPushSubscriptions(userId);
  const known = existing.some((item) => item.sk === pushSk(endpointHash));
  if (!known && existing.length >= MAX_DEVICES) throw new DomainError('too_many_devices');
  const item: PushSubscriptionItem = {
    pk: userPk(userId),
    sk: pushSk(endpointHash),
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    createdAt: now.toISOString(),
  };
  await documentClient.send(new PutCommand({ TableName: tableName(), Item: item }));
  return { endpointHash };
}

/** Forgets a device: she unsubscribed, or its push service said the subscription is gone (404/410). */
export async function deletePushSubscription(userId: string, endpointHash: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: pushSk(endpointHash) } }),
  );
}
