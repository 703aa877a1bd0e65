import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type OutsideService, SERVICE_ACTIONS, type TableAction } from '../../functions/src/routes.ts';
import type { Billing } from './billing.ts';
import { copyBundledFiles, LAMBDA_BUNDLING } from './bundling.ts';
import type { Coach } from './coach.ts';
import { REPO_ROOT, type Stage } from './config.ts';
import type { Reminders } from './reminders.ts';

/** What every function of a stage is built against, whatever starts it: an HTTP route, a schedule or a queue. */

/**
 * Where the functions' own metrics (EMF lines, functions/src/observability/metrics.ts) land: the namespace, and
 * the `service` dimension on each.
 */
export const METRICS_NAMESPACE = 'Bloom';
export const METRICS_SERVICE = 'bloom';

export interface StageResources {
  stage: Stage;
  table: ITableV2;
  /** Granted to functions that use 'stripe': its environment and a read of the Stripe secret. */
  billing: Billing;
  /** Granted to functions that use 'bedrock': its environment, the model and the guardrail. */
  coach: Coach;
  /** Granted to functions that use 'cognito' (deleting an account): its id, and reading, signing out and deleting its users. */
  userPool: IUserPool;
  /** Granted to functions that use 'webPush' (the VAPID keys) or 'reminderQueue' (sending to the queue). */
  reminders: Reminders;
}

export interface BloomFunctionProps {
  resources: StageResources;
  /** `weeks/get`, `reminders/send`: the function is called `bloom-<stage>-<name>`, slashes made dashes. */
  name: string;
  /** The module exporting `handler`, relative to the repository root. */
  entry: string;
  memoryMb: number;
  timeoutSeconds: number;
  tableActions: readonly TableAction[];
  uses?: readonly OutsideService[];
}

/** How long CloudWatch keeps Bloom's logs: the functions' and the API's access logs. */
export function logRetentionOf(stage: Stage): RetentionDays {
  return stage === 'prod' ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS;
}

/** `weeks/get` → `bloom-dev-weeks-get`. */
export function functionNameOf(stage: Stage, name: string): string {
  return `bloom-${stage}-${name.replaceAll('/', '-')}`;
}

/**
 * One Lambda function of Bloom, whatever invokes it: bundled by the repository's own esbuild (no Docker), with
 * a role that holds only its own log group, the table actions it declares and the outside services it uses.
 */
export class BloomFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: BloomFunctionProps) {
    super(scope, id);
    const { resources } = props;
    const functionName = functionNameOf(resources.stage, props.name);
    const uses = props.uses ?? [];

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: logRetentionOf(resources.stage),
      removalPolicy: resources.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // An own role instead of the AWSLambdaBasicExecutionRole managed policy, which may write to any log group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      functionName,
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds),
      // No X-Ray tracing: Powertools Tracer with the DynamoDB client wrapped added 16 to 23 ms of import CPU to
      // weeks/get and 120 KB to its bundle (measured the scripts/bench/bundles way), more on its own than the
      // +15 ms a handler may add over its SDK reference. Each log line carries its request's id instead.
      role: this.role,
      logGroup: this.logGroup,
      // Lambda writes each console line as JSON with its timestamp, level and request id, and drops lines below
      // the level (functions/src/observability/log.ts). The platform's own lines keep its REPORT, whose Init
      // Duration marks a cold start.
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2:
        resources.stage === 'prod' ? ApplicationLogLevel.INFO : ApplicationLogLevel.DEBUG,
      systemLogLevelV2: SystemLogLevel.INFO,
      environment: {
        METRICS_SERVICE,
        METRICS_NAMESPACE,
        ...(uses.includes('stripe') ? resources.billing.environment : {}),
        ...(uses.includes('bedrock') ? resources.coach.environment : {}),
        ...(uses.includes('cognito') ? { USER_POOL_ID: resources.userPool.userPoolId } : {}),
        ...(uses.includes('webPush') ? resources.reminders.environment : {}),
        ...(uses.includes('reminderQueue') ? resources.reminders.queueEnvironment : {}),
        // No --enable-source-maps: Node would parse each multi-megabyte map at every cold start (about 20 ms
        // for the bare DynamoDB client alone, measured by scripts/bench/bundles.ts). The maps ship next to the
        // bundle, so minified stack traces can be decoded when needed.
        TABLE_NAME: resources.table.tableName,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourcemap,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        externalModules: [...LAMBDA_BUNDLING.external],
        banner: LAMBDA_BUNDLING.banner,
        // The files the function reads at run time (the coach's classifier model and wasm), beside index.mjs.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir, outputDir) => copyBundledFiles(props.name, inputDir, outputDir),
        },
        esbuildArgs: Object.fromEntries([
          ...Object.entries(LAMBDA_BUNDLING.supported).map(([feature, on]) => [
            `--supported:${feature}`,
            String(on),
          ]),
          ...Object.entries(LAMBDA_BUNDLING.alias).map(([module, replacement]) => [
            `--alias:${module}`,
            replacement,
          ]),
        ]),
      },
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions::AwsSolutions-L1',
      reason:
        'Node.js 22 on purpose: the bundles target node22 (infra/lib/bundling.ts) and the handlers are tested on it; moving to a newer runtime is a deliberate change of both.',
    });

    if (props.tableActions.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...props.tableActions], resources: [resources.table.tableArn] }),
      );
    }
    if (uses.includes('stripe')) resources.billing.grantRead(this.function);
    if (uses.includes('bedrock')) resources.coach.grantInvoke(this.function);
    if (uses.includes('cognito')) {
      // The route table's Cognito actions (AdminGetUser, AdminUserGlobalSignOut, AdminDeleteUser), on Bloom's pool only.
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: [...SERVICE_ACTIONS.cognito],
          resources: [resources.userPool.userPoolArn],
        }),
      );
    }
    if (uses.includes('webPush')) resources.reminders.grantPush(this.function);
    if (uses.includes('reminderQueue')) resources.reminders.grantSend(this.function);
  }
}
