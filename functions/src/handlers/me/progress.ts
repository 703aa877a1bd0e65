import { apiHandler } from '../../http/api-handler';
import { ok } from '../../http/responses';
import { readProgress } from '../../progress/read-progress';

/** GET /api/me/progress: her last 12 weeks, in at most three DynamoDB requests. */
export const handler = apiHandler({
  run: async ({ caller }) => ok(await readProgress(caller.userId, new Date())),
});
