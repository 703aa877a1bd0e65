import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../../observability';
import { sendDueReminders } from '../../reminders/send-due';

/** What the schedule passes: the time this run was planned for (EventBridge Scheduler's context attribute). */
export interface ScheduledRunEvent {
  scheduledTime?: string;
}

/**
 * The reminder sender, run every 5 minutes by the schedule (functions/src/routes.ts BACKGROUND_FUNCTIONS).
 * It works from the run's planned time, so a late start still sends that run's reminders and no other's.
 */
export const handler = middy<ScheduledRunEvent, { due: number; queued: boolean }, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const planned = event.scheduledTime ? new Date(event.scheduledTime) : new Date();
    if (Number.isNaN(planned.getTime())) throw new Error(`Not a time: ${event.scheduledTime}`);
    return sendDueReminders(planned);
  });
