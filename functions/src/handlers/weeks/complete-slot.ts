import { slotParamsSchema } from '@bloom/shared/api/params';
import { ok } from '../../http/responses';
import { writeHandler } from '../../http/write-handler';
import { completeSlot } from '../../planner/complete-slot';

/** POST /api/weeks/{weekStart}/days/{day}/slots/{slot}/complete: Complete All. */
export const handler = writeHandler({
  params: slotParamsSchema,
  run: async ({ caller, params }) =>
    ok(
      await completeSlot(caller.userId, params.weekStart, { day: params.day, slot: params.slot }, new Date()),
    ),
});
