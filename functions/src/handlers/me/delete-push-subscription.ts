import * as v from 'valibot';
import { noContent } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { deletePushSubscription } from '../../reminders/subscriptions';

/** The device's endpoint, hashed (SHA-256, hex) as the subscription's key stores it. */
const paramsSchema = v.object({
  endpointHash: v.pipe(
    v.string(),
    v.regex(/^[0-9a-f]{64}$/, 'Please give the endpoint as its SHA-256, in hex'),
  ),
});

/** DELETE /api/me/push-subscriptions/{endpointHash}: this device no longer gets reminders. */
export const handler = writeHandler({
  params: paramsSchema,
  run: async ({ caller, params }) => {
    await deletePushSubscription(caller.userId, params.endpointHash);
    return noContent();
  },
});
