import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing } from '../lib/billing.ts';
import { BloomFunction, type StageResources } from '../lib/bloom-function.ts';
import { Coach } from '../lib/coach.ts';
import { readConfig } from '../lib/config.ts';
import { Data } from '../lib/data.ts';
import { Reminders } from '../lib/reminders.ts';
import { type NagReport, readNagReport, WITHOUT_BUNDLING } from './support/synthesized.ts';
import {
  actionsOf,
  functionsByName,
  onlyResourceOfType,
  resourcesOfType,
  statementsOfRole,
  type TemplateJson,
} from './support/template-queries.ts';

/**
 * Functions no route serves (a reminder sender on a schedule, an account-deletion queue worker) are built by
 * the same construct as route functions; this builds two such workers outside the route table, in a stack of
 * their own with the table, the Stripe secret and the coach's Bedrock access they may use.
 */
const WORKER_ENTRY = 'infra/test/fixtures/worker.ts';
const SENDER = 'bloom-dev-reminders-send';
const DELETER = 'bloom-dev-accounts-delete';

let outdir: string;
let template: TemplateJson;
let nag: NagReport;

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-worker-'));
  const app = new App({ outdir, context: { stage: 'dev', ...WITHOUT_BUNDLING } });
  const config = readConfig(app.node);
  const stack = new Stack(app, 'Workers');
  const resources: StageResources = {
    stage: config.stage,
    table: new Data(stack, 'Data', { stage: config.stage }).table,
    billing: new Billing(stack, 'Billing', { config, appUrl: 'https://bloom.example' }),
    coach: new Coach(stack, 'Coach', { stage: config.stage, modelId: config.bedrockModelId }),
    userPool: UserPool.fromUserPoolId(stack, 'UserPool', 'eu-west-1_Workers'),
    reminders: new Reminders(stack, 'Reminders', { stage: config.stage }),
  };
  new BloomFunction(stack, 'RemindersSend', {
    resources,
    name: 'reminders/send',
    entry: WORKER_ENTRY,
    memoryMb: 256,
    timeoutSeconds: 60,
    tableActions: ['dynamodb:Query', 'dynamodb:UpdateItem'],
    uses: ['stripe', 'bedrock'],
  });
  new BloomFunction(stack, 'AccountsDelete', {
    resources,
    name: 'accounts/delete',
    entry: WORKER_ENTRY,
    memoryMb: 512,
    timeoutSeconds: 120,
    tableActions: ['dynamodb:Query', 'dynamodb:DeleteItem'],
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let failure: string | undefined;
  try {
    app.synth();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  template = Template.fromStack(stack).toJSON();
  nag = readNagReport(outdir, failure);
});

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
});

function worker(name: string) {
  const found = functionsByName(template).get(name);
  if (!found) throw new Error(`No function ${name}`);
  return found;
}

function servicesOf(name: string): string[] {
  const statements = statementsOfRole(template, worker(name).roleLogicalId);
  const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
  return [...new Set(actions.map((action) => action.slice(0, action.indexOf(':'))))].sort();
}

describe('a worker function (not in the route table)', () => {
  it('runs Node.js 22 on arm64 with its own memory and timeout, untraced', () => {
    expect(worker(SENDER).properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 256,
      Timeout: 60,
    });
    expect(worker(SENDER).properties.TracingConfig).toBeUndefined();
  });

  it('writes to a log group of its own, kept for the stage’s retention', () => {
    for (const name of [SENDER, DELETER]) {
      const logGroup = resourcesOfType(template, 'AWS::Logs::LogGroup').find(
        ([, resource]) => resource.Properties.LogGroupName === `/aws/lambda/${name}`,
      );
      expect(logGroup?.[1].Properties.RetentionInDays, name).toBe(14);
      expect(worker(name).properties.LoggingConfig, name).toEqual({
        LogGroup: { Ref: logGroup?.[0] },
        LogFormat: 'JSON',
        ApplicationLogLevel: 'DEBUG',
        SystemLogLevel: 'INFO',
      });

      const logStatements = statementsOfRole(template, worker(name).roleLogicalId).filter(
        (statement) => actionsOf([statement], 'logs').length > 0,
      );
      expect(logStatements.map((statement) => statement.Resource)).toEqual([
        { 'Fn::GetAtt': [logGroup?.[0], 'Arn'] },
      ]);
    }
  });

  it('may perform exactly its declared table actions, on the table only', () => {
    const [tableId] = onlyResourceOfType(template, 'AWS::DynamoDB::GlobalTable');
    const statements = statementsOfRole(template, worker(DELETER).roleLogicalId);
    expect(actionsOf(statements, 'dynamodb')).toEqual(['dynamodb:DeleteItem', 'dynamodb:Query']);
    const tableStatements = statements.filter((statement) => actionsOf([statement], 'dynamodb').length > 0);
    expect(tableStatements.map((statement) => statement.Resource)).toEqual([
      { 'Fn::GetAtt': [tableId, 'Arn'] },
    ]);
    expect(worker(DELETER).properties.Environment).toMatchObject({
      Variables: { TABLE_NAME: { Ref: tableId } },
    });
  });

  it('reads the Stripe secret and calls the coach’s model and guardrail only when it uses them', () => {
    const [secretId] = resourcesOfType(template, 'AWS::SecretsManager::Secret').find(([id]) =>
      id.startsWith('BillingStripeSecret'),
    ) ?? [''];
    const [guardrailId] = onlyResourceOfType(template, 'AWS::Bedrock::Guardrail');
    expect(servicesOf(SENDER)).toEqual(['bedrock', 'dynamodb', 'logs', 'secretsmanager']);
    expect(servicesOf(DELETER)).toEqual(['dynamodb', 'logs']);

    const statements = statementsOfRole(template, worker(SENDER).roleLogicalId);
    const secretStatements = statements.filter(
      (statement) => actionsOf([statement], 'secretsmanager').length > 0,
    );
    expect(secretStatements.map((statement) => statement.Resource)).toEqual([{ Ref: secretId }]);
    expect(actionsOf(statements, 'bedrock')).toEqual([
      'bedrock:ApplyGuardrail',
      'bedrock:InvokeModel',
      'bedrock:InvokeModel',
    ]);
    expect(JSON.stringify(statements)).toContain(
      JSON.stringify({ 'Fn::GetAtt': [guardrailId, 'GuardrailArn'] }),
    );

    const senderVariables = (worker(SENDER).properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    const deleterVariables = (
      worker(DELETER).properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    for (const key of ['STRIPE_SECRET_ARN', 'BEDROCK_MODEL_ID', 'BEDROCK_GUARDRAIL_ID']) {
      expect(key in senderVariables, `${SENDER} ${key}`).toBe(true);
      expect(key in deleterVariables, `${DELETER} ${key}`).toBe(false);
    }
    expect(deleterVariables).toMatchObject({
      METRICS_SERVICE: 'bloom',
      METRICS_NAMESPACE: 'Bloom',
    });
  });

  it('passes cdk-nag’s AwsSolutions checks with nothing left unacknowledged', () => {
    expect(nag.violations.map((violation) => violation.ruleName)).toEqual([]);
    expect(nag.failure).toBeUndefined();
    const runtimeAcknowledged = nag.suppressedViolations
      .filter((violation) => violation.ruleName === 'AwsSolutions-L1')
      .flatMap((violation) => violation.violatingConstructs.map((construct) => construct.constructPath));
    expect(runtimeAcknowledged.sort()).toEqual([
      'Workers/AccountsDelete/Function/Resource',
      'Workers/RemindersSend/Function/Resource',
    ]);
  });
});
