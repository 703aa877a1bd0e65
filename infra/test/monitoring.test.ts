import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES } from '../../functions/src/routes.ts';
import { COACH_FALLBACK_ALARM_THRESHOLD } from '../lib/monitoring.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { resourcesOfType, type TemplateJson } from './support/template-queries.ts';

let synth: Synthesized;
let dev: TemplateJson;

beforeAll(async () => {
  synth = await synthesized();
  dev = synth.json('dev');
});

function alarms() {
  return resourcesOfType(dev, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
}

describe('alarms', () => {
  it('watch API 5xx responses', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Statistic: 'Sum' }),
    );
  });

  it('watch errors and throttles of every route function', () => {
    const lambdaAlarms = alarms().filter((alarm) => alarm.Namespace === 'AWS/Lambda');
    for (const metric of ['Errors', 'Throttles']) {
      expect(lambdaAlarms.filter((alarm) => alarm.MetricName === metric)).toHaveLength(
        ROUTES.length + BACKGROUND_FUNCTIONS.length,
      );
    }
  });

  it('watch DynamoDB read and write throttles', () => {
    const table = alarms().find((alarm) => JSON.stringify(alarm.Metrics ?? '').includes('ThrottleEvents'));
    expect(JSON.stringify(table?.Metrics)).toContain('ReadThrottleEvents');
    expect(JSON.stringify(table?.Metrics)).toContain('WriteThrottleEvents');
  });

  it("watch the coach's fallback replies (its EMF metric)", () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'Bloom',
        MetricName: 'CoachFallbacks',
        Dimensions: [{ Name: 'service', Value: 'bloom' }],
        Statistic: 'Sum',
        Threshold: COACH_FALLBACK_ALARM_THRESHOLD,
      }),
    );
  });

  it('include one on the coach screening without its crisis classifier, at the first time', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Namespace: 'Bloom',
        MetricName: 'CoachSafetyClassifierUnavailable',
        Dimensions: [{ Name: 'service', Value: 'bloom' }],
        Statistic: 'Sum',
        Threshold: 1,
      }),
    );
  });

  it('notify the alarm topic', () => {
    const [[topicId]] = resourcesOfType(dev, 'AWS::SNS::Topic') as [[string, unknown]];
    for (const alarm of alarms()) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
  });
});

describe('dashboard', () => {
  it('exists per stage', () => {
    synth.template('dev').hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'bloom-dev' });
  });
});
