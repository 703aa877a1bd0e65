import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, grantedActions, ROUTES } from '../../functions/src/routes.ts';
import { functionNameOf } from '../lib/bloom-function.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import {
  actionsOf,
  functionsByName,
  onlyResourceOfType,
  resourcesOfType,
  statementsOfRole,
  type TemplateJson,
} from './support/template-queries.ts';

let synth: Synthesized;
let dev: TemplateJson;

beforeAll(async () => {
  synth = await synthesized();
  dev = synth.json('dev');
});

const SENDER = functionNameOf('dev', 'reminders/send');
const CONSUMER = functionNameOf('dev', 'reminders/deliver');

function roleOf(name: string) {
  const found = functionsByName(dev).get(name);
  if (!found) throw new Error(`No function ${name}`);
  return statementsOfRole(dev, found.roleLogicalId);
}

const vapidSecretId = () =>
  resourcesOfType(dev, 'AWS::SecretsManager::Secret').find(([id]) =>
    id.startsWith('RemindersVapidSecret'),
  )?.[0];

describe('reminders in the cloud (docs/rules.md#reminders)', () => {
  it('runs the sender every 5 minutes with the planned time, through EventBridge Scheduler', () => {
    const [, schedule] = onlyResourceOfType(dev, 'AWS::Scheduler::Schedule');
    expect(schedule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    const target = schedule.Properties.Target as { Arn: unknown; Input: string };
    expect(JSON.parse(target.Input)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
    const sender = functionsByName(dev).get(SENDER);
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [sender?.logicalId, 'Arn'] });
  });

  it('fans out through an encrypted queue with a dead-letter queue, consumed with partial batch failures', () => {
    const queues = resourcesOfType(dev, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(2);
    for (const [, queue] of queues) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const [, mapping] = onlyResourceOfType(dev, 'AWS::Lambda::EventSourceMapping');
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const consumer = functionsByName(dev).get(CONSUMER);
    expect(mapping.Properties.FunctionName).toEqual({ Ref: consumer?.logicalId });
    const main = queues.find(([id]) => id.startsWith('RemindersQueue'));
    expect(main?.[1].Properties.RedrivePolicy).toMatchObject({ maxReceiveCount: 3 });
  });

  it('grants each background function exactly what routes.ts declares, besides the queue it consumes', () => {
    for (const definition of BACKGROUND_FUNCTIONS) {
      const statements = roleOf(functionNameOf('dev', definition.handler));
      expect(actionsOf(statements, 'dynamodb'), definition.handler).toEqual(
        [...definition.tableActions].sort(),
      );
      const actions = statements
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
        .filter((action) => !action.startsWith('logs:'))
        // The event source mapping reads and deletes the consumer's messages under its role.
        .filter(
          (action) =>
            !(
              'queue' in definition.trigger &&
              /^sqs:(ReceiveMessage|DeleteMessage|ChangeMessageVisibility|GetQueueAttributes|GetQueueUrl)$/.test(
                action,
              )
            ),
        );
      expect([...new Set(actions)].sort(), definition.handler).toEqual(
        [...grantedActions(definition)].sort(),
      );
    }
    const sendStatements = roleOf(SENDER).filter((s) => actionsOf([s], 'sqs').length > 0);
    expect(sendStatements.map((s) => s.Resource)).toEqual([
      { 'Fn::GetAtt': [expect.stringMatching(/^RemindersQueue/), 'Arn'] },
    ]);
  });

  it('lets only the reminder functions read the VAPID private key', () => {
    const secret = vapidSecretId();
    expect(secret).toBeDefined();
    const readers = [...functionsByName(dev).entries()].filter(([, fn]) =>
      statementsOfRole(dev, fn.roleLogicalId).some(
        (s) =>
          actionsOf([s], 'secretsmanager').length > 0 &&
          JSON.stringify(s.Resource) === JSON.stringify({ Ref: secret }),
      ),
    );
    expect(readers.map(([name]) => name).sort()).toEqual([CONSUMER, SENDER].sort());
    expect(ROUTES.some((route) => route.uses?.includes('webPush'))).toBe(false);
  });

  it("adds no push service to the browsers' own: no function of any stage has EXTRA_PUSH_SERVICE_ORIGINS", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const functions = [...functionsByName(synth.json(stage)).entries()];
      expect(functions.length).toBeGreaterThan(0);
      for (const [name, fn] of functions) {
        const variables = (fn.properties.Environment as { Variables?: Record<string, unknown> } | undefined)
          ?.Variables;
        expect(Object.keys(variables ?? {}), `${stage} ${name}`).not.toContain('EXTRA_PUSH_SERVICE_ORIGINS');
      }
    }
  });

  it('puts the VAPID public key in /config.json', () => {
    expect(synth.webConfig('dev').vapidPublicKey).toBe('synth-only-vapid-public-key');
  });
});
