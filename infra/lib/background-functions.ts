import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { BackgroundFunction } from '../../functions/src/routes.ts';
import { BloomFunction, type StageResources } from './bloom-function.ts';
import { handlerEntry } from './bundling.ts';
import type { Stage } from './config.ts';
import { constructIdOf } from './construct-id.ts';
import type { Reminders } from './reminders.ts';

/**
 * A function for each of routes.ts BACKGROUND_FUNCTIONS: each scheduled one on an EventBridge Scheduler rate,
 * each queue consumer on the reminder queue. They stand in the Reminders construct, where they always have, so
 * their logical ids, and so the deployed functions, stay the same.
 */
export function addBackgroundFunctions(
  reminders: Reminders,
  functions: readonly BackgroundFunction[],
  resources: StageResources,
): BloomFunction[] {
  return functions.map((definition) => {
    const id = constructIdOf(definition.handler);
    const fn = new BloomFunction(reminders, id, {
      resources,
      name: definition.handler,
      entry: handlerEntry(definition.handler),
      memoryMb: definition.memoryMb,
      timeoutSeconds: definition.timeoutSeconds,
      tableActions: definition.tableActions,
      ...(definition.uses ? { uses: definition.uses } : {}),
    });
    const { trigger } = definition;
    if ('schedule' in trigger)
      schedule(reminders, fn, {
        id,
        handler: definition.handler,
        everyMinutes: trigger.schedule.everyMinutes,
        stage: resources.stage,
      });
    else
      fn.function.addEventSource(
        new SqsEventSource(reminders.queue, { batchSize: 10, reportBatchItemFailures: true }),
      );
    return fn;
  });
}

/** Runs the function every few minutes, with the planned time as its input. */
function schedule(
  reminders: Reminders,
  fn: BloomFunction,
  { id, handler, everyMinutes, stage }: { id: string; handler: string; everyMinutes: number; stage: Stage },
): void {
  // A role of its own for the schedule, so its one grant (invoke this function) is acknowledged here.
  const role = new Role(reminders, `${id}ScheduleRole`, {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
  });
  const functionId = Stack.of(reminders).resolve((fn.function.node.defaultChild as CfnFunction).logicalId);
  Validations.of(role).acknowledge({
    id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`,
    reason: `Lambda's grantInvoke also allows the function's versions and aliases (${handler}:*); the schedule invokes only this one function.`,
  });
  new Schedule(reminders, `${id}Schedule`, {
    scheduleName: `bloom-${stage}-${handler.replaceAll('/', '-')}`,
    description: `Runs ${handler} every ${everyMinutes} minutes.`,
    schedule: ScheduleExpression.rate(Duration.minutes(everyMinutes)),
    target: new LambdaInvoke(fn.function, {
      role,
      // The planned time, so a late run still sends its own reminders (functions/src/handlers/reminders/send.ts).
      input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
      // A run more than one period late is the next run's business.
      maxEventAge: Duration.minutes(everyMinutes),
      retryAttempts: 2,
    }),
  });
}
