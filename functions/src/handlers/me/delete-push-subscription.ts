import * as z from 'zod/mini';
import { apiHandler } from '../../http/api-handler';
import { noContent } from '../../http/responses';
import { deletePushSubscription } from '../../reminders/subscriptions';

/** The device's endpoint, hashed (SHA-256, hex) as the subscription's key stores it. */
const paramsSchema = z.object({
  endpointHash: z
    .string()
    .check(z.regex(/^[0-9a-f]{64}$/, 'Please give the endpoint as its SHA-256, in hex')),
});

/** DELETE /api/me/push-subscriptions/{endpointHash}: this device no longer gets reminders. */
export const handler = apiHandler({
  params: paramsSchema,
  run: async ({ caller, params }) => {
    await deletePushSubscription(caller.userId, params.endpointHash);
    return noContent();
  },
});
