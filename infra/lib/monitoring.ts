import { Duration, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { type BloomFunction, METRICS_NAMESPACE, METRICS_SERVICE } from './bloom-function.ts';
import type { Stage } from './config.ts';

export interface MonitoringProps {
  stage: Stage;
  httpApi: HttpApi;
  functions: readonly BloomFunction[];
  table: ITableV2;
  alarmEmail: string | undefined;
}

const PERIOD = Duration.minutes(5);
/** Coach fallbacks in one period that raise the alarm. */
export const COACH_FALLBACK_ALARM_THRESHOLD = 5;

/** Alarms that mean people cannot use Bloom, sent to one topic, and a one-screen dashboard. */
export class Monitoring extends Construct {
  readonly alarms: Alarm[] = [];
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);

    this.topic = new Topic(this, 'Alarms', { topicName: `bloom-${props.stage}-alarms`, enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no user data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer key costs more than the content is worth protecting.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);

    const alarm = (id: string, metric: IMetric, description: string, threshold = 1): void => {
      const created = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(notify);
      this.alarms.push(created);
    };

    const serverErrors = props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    alarm('Api5xx', serverErrors, 'The API answered with 5xx errors.');

    for (const bloomFunction of props.functions) {
      const fn = bloomFunction.function;
      const id = bloomFunction.node.id;
      alarm(`${id}Errors`, fn.metricErrors({ period: PERIOD, statistic: 'Sum' }), `${id} failed.`);
      alarm(
        `${id}Throttles`,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        `${id} was throttled.`,
      );
    }

    const tableThrottles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      },
      label: 'Throttled reads and writes',
      period: PERIOD,
    });
    alarm('TableThrottles', tableThrottles, 'DynamoDB throttled reads or writes.');

    // Bloom answered with her fallback message because Bedrock was throttled, too slow or failing
    // (functions/src/coach/fallback.ts). One now and then is weather; five in five minutes is an outage.
    const coachFallbacks = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'CoachFallbacks',
      dimensionsMap: { service: METRICS_SERVICE },
      period: PERIOD,
      statistic: 'Sum',
    });
    alarm(
      'CoachFallbacks',
      coachFallbacks,
      'The coach answered with its fallback message: Bedrock throttled, timed out or failed.',
      COACH_FALLBACK_ALARM_THRESHOLD,
    );

    // The crisis classifier could not be loaded, so the coach screened by its patterns alone
    // (functions/src/coach/safety/crisis-screen.ts): a deployment that lost its model, wanted at once.
    alarm(
      'CoachSafetyClassifierUnavailable',
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'CoachSafetyClassifierUnavailable',
        dimensionsMap: { service: METRICS_SERVICE },
        period: PERIOD,
        statistic: 'Sum',
      }),
      'The coach screened a message without its crisis classifier: its model or wasm could not be loaded.',
    );

    const perFunction = (metric: (bloomFunction: BloomFunction) => IMetric): IMetric[] =>
      props.functions.map(metric);
    new Dashboard(this, 'Dashboard', {
      dashboardName: `bloom-${props.stage}`,
      widgets: [
        [new TextWidget({ markdown: `# Bloom ${props.stage}`, width: 24, height: 1 })],
        [
          new GraphWidget({
            title: 'API requests and errors',
            left: [
              props.httpApi.metricCount({ period: PERIOD }),
              props.httpApi.metricClientError({ period: PERIOD }),
              serverErrors,
            ],
            width: 12,
          }),
          new GraphWidget({
            title: 'API latency (p50, p99)',
            left: [
              props.httpApi.metricLatency({ period: PERIOD, statistic: 'p50' }),
              props.httpApi.metricLatency({ period: PERIOD, statistic: 'p99' }),
            ],
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Function errors',
            left: perFunction((f) => f.function.metricErrors({ period: PERIOD, label: f.node.id })),
            width: 12,
          }),
          new GraphWidget({
            title: 'Function duration p99',
            left: perFunction((f) =>
              f.function.metricDuration({ period: PERIOD, statistic: 'p99', label: f.node.id }),
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'DynamoDB capacity',
            left: [
              props.table.metricConsumedReadCapacityUnits({ period: PERIOD }),
              props.table.metricConsumedWriteCapacityUnits({ period: PERIOD }),
            ],
            width: 12,
          }),
          new GraphWidget({ title: 'DynamoDB throttles', left: [tableThrottles], width: 12 }),
        ],
      ],
    });
  }
}
