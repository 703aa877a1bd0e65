import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BackgroundFunction, SERVICE_ACTIONS } from '../../functions/src/routes.ts';
import { constructIdOf } from './api.ts';
import { BloomFunction, type StageResources } from './bloom-function.ts';
import { handlerEntry } from './bundling.ts';
import type { Stage } from './config.ts';

/**
 * Gentle reminders (docs/rules.md#reminders): the VAPID keys' secret, the queue a large bucket of due reminders
 * fans out through (with its dead-letter queue), and the functions routes.ts BACKGROUND_FUNCTIONS declares: each
 * scheduled one on an EventBridge Scheduler rate, each queue consumer on the queue.
 */
export class Reminders extends Construct {
  /** JSON `{ publicKey, privateKey, subject }`, written after the first deploy (infra/README.md). */
  readonly vapidSecret: Secret;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly functions: BloomFunction[] = [];
  private readonly stage: Stage;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    this.stage = props.stage;
    const production = props.stage === 'prod';
    this.vapidSecret = new Secret(this, 'VapidSecret', {
      secretName: `bloom/${props.stage}/vapid`,
      description:
        'VAPID keys that sign Bloom reminders: JSON {"publicKey", "privateKey", "subject": "mailto:…"}.',
      removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.vapidSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'A VAPID key pair is bound to every browser subscription made with it; rotating it means every device subscribes again, a deliberate operation, not a rotation function.',
    });

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      queueName: `bloom-${props.stage}-reminders-dlq`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the reminder queue.',
    });
    this.queue = new Queue(this, 'Queue', {
      queueName: `bloom-${props.stage}-reminders`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the consumer's timeout, as Lambda advises for an event source.
      visibilityTimeout: Duration.minutes(6),
      // A reminder is for the start of a slot: one still queued an hour later is dropped.
      retentionPeriod: Duration.hours(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 3 },
    });
  }

  get environment(): Record<string, string> {
    return { VAPID_SECRET_ARN: this.vapidSecret.secretArn };
  }

  get queueEnvironment(): Record<string, string> {
    return { REMINDER_QUEUE_URL: this.queue.queueUrl };
  }

  /** Reading the VAPID keys, and no more (SERVICE_ACTIONS.webPush on this secret). */
  grantPush(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...SERVICE_ACTIONS.webPush], resources: [this.vapidSecret.secretArn] }),
    );
  }

  /** Sending to the queue, and no more (SERVICE_ACTIONS.reminderQueue; grantSendMessages adds two reads). */
  grantSend(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...SERVICE_ACTIONS.reminderQueue], resources: [this.queue.queueArn] }),
    );
  }

  /** A function for each background function, invoked by its schedule or by the queue. */
  addBackgroundFunctions(functions: readonly BackgroundFunction[], resources: StageResources): void {
    for (const definition of functions) {
      const id = constructIdOf(definition.handler);
      const fn = new BloomFunction(this, id, {
        resources,
        name: definition.handler,
        entry: handlerEntry(definition.handler),
        memoryMb: definition.memoryMb,
        timeoutSeconds: definition.timeoutSeconds,
        tableActions: definition.tableActions,
        ...(definition.uses ? { uses: definition.uses } : {}),
      });
      this.functions.push(fn);
      if ('schedule' in definition.trigger) {
        // A role of its own for the schedule, so its one grant (invoke this function) is acknowledged here.
        const role = new Role(this, `${id}ScheduleRole`, {
          assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
        });
        const functionId = Stack.of(this).resolve((fn.function.node.defaultChild as CfnFunction).logicalId);
        Validations.of(role).acknowledge({
          id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`,
          reason: `Lambda's grantInvoke also allows the function's versions and aliases (${definition.handler}:*); the schedule invokes only this one function.`,
        });
        new Schedule(this, `${id}Schedule`, {
          scheduleName: `bloom-${this.stage}-${definition.handler.replaceAll('/', '-')}`,
          description: `Runs ${definition.handler} every ${definition.trigger.schedule.everyMinutes} minutes.`,
          schedule: ScheduleExpression.rate(Duration.minutes(definition.trigger.schedule.everyMinutes)),
          target: new LambdaInvoke(fn.function, {
            role,
            // The planned time, so a late run still sends its own reminders (functions/src/handlers/reminders/send.ts).
            input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
            // A run more than one period late is the next run's business.
            maxEventAge: Duration.minutes(definition.trigger.schedule.everyMinutes),
            retryAttempts: 2,
          }),
        });
      } else {
        fn.function.addEventSource(
          new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
        );
      }
    }
  }
}
