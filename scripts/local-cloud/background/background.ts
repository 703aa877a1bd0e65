import { BACKGROUND_FUNCTIONS, type BackgroundFunction } from '@bloom/functions/routes';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { HandlerLoader } from '../gateway/gateway';
import { createLambdaContext } from '../gateway/lambda-context';
import type { GrantUse } from '../iam/grant-usage';
import { installIamGuard } from '../iam/guard';
import { invokeAs, localBackgroundFunctionOf } from '../iam/local-function';
import { type SqsEmulator, startSqsEmulator } from '../sqs/emulator';

export interface BackgroundOptions {
  loadHandler: HandlerLoader;
  region: string;
  /** Run the schedules on their timers; off in tests, which run them with `runSchedule`. */
  timers: boolean;
  functions?: readonly BackgroundFunction[];
  log?: (line: string) => void;
  recordGrantUse?: (use: GrantUse) => void;
}

export interface Background {
  /** Runs a scheduled function as its schedule would for the planned time `at`; resolves with its result. */
  runSchedule(handler: string, at: Date): Promise<unknown>;
  /** The reminder queue and its consumer. */
  reminderQueue: SqsEmulator;
  /** The environment the functions find their queue in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The functions no route invokes (routes.ts BACKGROUND_FUNCTIONS), run as the cloud runs them: a schedule on a
 * timer at each multiple of its period (EventBridge Scheduler passes the planned time), a queue's consumer by
 * the SQS emulator. Each runs as its own function under the IAM guard, with the grant routes.ts gives it.
 */
export async function startBackground(options: BackgroundOptions): Promise<Background> {
  const functions = options.functions ?? BACKGROUND_FUNCTIONS;
  installIamGuard();
  const invoke = (fn: BackgroundFunction) => {
    const local = localBackgroundFunctionOf(fn, options);
    return (event: unknown) =>
      invokeAs(local, async () => {
        const handler = await options.loadHandler(fn.handler);
        return handler(event, createLambdaContext(fn, options.region));
      });
  };

  const consumer = functions.find((fn) => 'queue' in fn.trigger);
  if (!consumer) throw new Error('No consumer for the reminder queue in BACKGROUND_FUNCTIONS');
  const consume = invoke(consumer);
  const reminderQueue = await startSqsEmulator({
    queueName: 'bloom-local-reminders',
    consumer: (event: SQSEvent) => consume(event) as Promise<SQSBatchResponse | undefined>,
    ...(options.log ? { log: options.log } : {}),
  });

  const scheduled = new Map(
    functions.flatMap((fn) =>
      'schedule' in fn.trigger ? [[fn.handler, { fn, run: invoke(fn) }] as const] : [],
    ),
  );
  const runSchedule = async (handler: string, at: Date) => {
    const entry = scheduled.get(handler);
    if (!entry) throw new Error(`${handler} is not a scheduled function`);
    return entry.run({ scheduledTime: at.toISOString() });
  };

  const timers = new Map<string, NodeJS.Timeout>();
  if (options.timers) {
    for (const { fn } of scheduled.values()) {
      if (!('schedule' in fn.trigger)) continue;
      const period = fn.trigger.schedule.everyMinutes * 60_000;
      const next = () => timers.set(fn.handler, setTimeout(tick, period - (Date.now() % period)));
      const tick = () => {
        const at = new Date(Math.floor(Date.now() / period) * period);
        options.log?.(`schedule ${fn.handler} ${at.toISOString()}`);
        runSchedule(fn.handler, at).catch((error: unknown) =>
          console.error(`[schedule] ${fn.handler}`, error),
        );
        next();
      };
      next();
    }
  }

  return {
    runSchedule,
    reminderQueue,
    env: { ...reminderQueue.env, REMINDER_QUEUE_URL: reminderQueue.queueUrl },
    stop: async () => {
      for (const timer of timers.values()) clearTimeout(timer);
      await reminderQueue.stop();
    },
  };
}
