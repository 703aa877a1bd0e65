import type { ReminderNotification } from '@bloom/shared/reminders/message';
import { memoised } from '../memoised';
import type { PushSubscriptionItem } from './items';
import { mayPushTo } from './push-services';
import { vapidKeys } from './vapid';

/** web-push is loaded by the first push, not by every cold start of the sender. */
const webPush = memoised(async () => (await import('web-push')).default);

/** How long a push service keeps trying an offline device: a slot's reminder is stale after an hour. */
const TTL_SECONDS = 60 * 60;

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'not-allowed';

/**
 * Sends one notification to one device, encrypted for its keys (RFC 8291, aes128gcm) and signed with VAPID.
 * The push service answering 404 or 410 means the subscription no longer exists: 'gone'. An endpoint that is
 * not at a push service Bloom sends to (one stored before the rule, or one a configuration no longer names) is
 * never requested: 'not-allowed'.
 */
export async function pushNotification(
  subscription: Pick<PushSubscriptionItem, 'endpoint' | 'keys'>,
  notification: ReminderNotification,
): Promise<PushOutcome> {
  if (!mayPushTo(subscription.endpoint)) return 'not-allowed';
  const [push, keys] = await Promise.all([webPush(), vapidKeys()]);
  try {
    await push.sendNotification(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      JSON.stringify(notification),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        timeout: 10_000,
      },
    );
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    return 'failed';
  }
}
