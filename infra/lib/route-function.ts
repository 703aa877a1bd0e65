import * as path from 'node:path';
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/src/routes.ts';
import { handlerEntry, LAMBDA_BUNDLING } from './bundling.ts';
import { REPO_ROOT } from './config.ts';

export interface RouteFunctionProps {
  route: RouteDefinition;
  functionName: string;
  table: ITableV2;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

/**
 * One route's Lambda function: bundled by the repository's own esbuild (no Docker), sized and timed as the
 * route table says, with a role that holds only its log group and the table actions the route declares.
 */
export class RouteFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${props.functionName}`,
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });

    // An own role instead of the AWSLambdaBasicExecutionRole managed policy, which may write to any log group.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      functionName: props.functionName,
      entry: path.join(REPO_ROOT, handlerEntry(route.handler)),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: route.memoryMb,
      timeout: Duration.seconds(route.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      role,
      logGroup: this.logGroup,
      environment: {
        ...props.environment,
        // No --enable-source-maps: Node would parse each multi-megabyte map at every cold start (about 20 ms
        // for the bare DynamoDB client alone, measured by scripts/bench/bundles.ts). The maps ship next to the
        // bundle, so minified stack traces can be decoded when needed.
        TABLE_NAME: props.table.tableName,
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
      },
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions::AwsSolutions-L1',
      reason:
        'Node.js 22 on purpose: the bundles target node22 (infra/lib/bundling.ts) and the handlers are tested on it; moving to a newer runtime is a deliberate change of both.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; every other statement of this role names its resource.',
    });

    if (route.tableActions.length > 0) {
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...route.tableActions], resources: [props.table.tableArn] }),
      );
    }
  }
}
