import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SERVICE_ACTIONS } from '../../functions/src/routes.ts';
import type { Stage } from './config.ts';

/**
 * Gentle reminders (docs/rules.md#reminders): the VAPID keys' secret and the queue a large bucket of due
 * reminders fans out through (with its dead-letter queue), and the grants of both. The functions that send them
 * stand in this construct too (background-functions.ts).
 */
export class Reminders extends Construct {
  /** JSON `{ publicKey, privateKey, subject }`, written after the first deploy (infra/README.md). */
  readonly vapidSecret: Secret;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
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
}
