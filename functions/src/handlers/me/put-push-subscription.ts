import { pushSubscriptionSchema } from '@bloom/shared/reminders/settings';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { savePushSubscription } from '../../reminders/subscriptions';

/** PUT /api/me/push-subscriptions: this device gets her reminders (at most 10 devices). */
export const handler = writeHandler({
  body: pushSubscriptionSchema,
  run: async ({ caller, body }) => ok(await savePushSubscription(caller.userId, body, new Date())),
});
