import { withTableBudget } from '../../aws/table-budget';
import { sendDueReminders } from '../../reminders/send-due';

/** What the schedule passes: the time this run was planned for (EventBridge Scheduler's context attribute). */
export interface ScheduledRunEvent {
  scheduledTime?: string;
}

/**
 * The reminder sender, run every 5 minutes by the schedule (functions/src/routes.ts BACKGROUND_FUNCTIONS).
 * It works from the run's planned time, so a late start still sends that run's reminders and no other's. A run's
 * table calls share one budget (docs/rules.md#outages): a table that stops answering fails the run at once, and
 * the scheduler runs it again (infra/lib/reminders.ts).
 */
export const handler = withTableBudget(
  async (event: ScheduledRunEvent): Promise<{ due: number; queued: boolean }> => {
    const planned = event.scheduledTime ? new Date(event.scheduledTime) : new Date();
    if (Number.isNaN(planned.getTime())) throw new Error(`Not a time: ${event.scheduledTime}`);
    return sendDueReminders(planned);
  },
);
