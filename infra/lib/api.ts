import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/src/routes.ts';
import type { Billing } from './billing.ts';
import type { Coach } from './coach.ts';
import type { Stage } from './config.ts';
import { RouteFunction } from './route-function.ts';

export interface RouteTableProps {
  routes: readonly RouteDefinition[];
  table: ITableV2;
  userPool: UserPool;
  userPoolClient: UserPoolClient;
  billing: Billing;
  coach: Coach;
}

/** Steady-state and burst limits for the whole stage: generous for people, tight for scripts. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** `activities/create-custom` → `ActivitiesCreateCustom`. */
export function constructIdOf(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** `activities/create-custom` → `bloom-dev-activities-create-custom`. */
export function functionNameOf(stage: Stage, handler: string): string {
  return `bloom-${stage}-${handler.replaceAll('/', '-')}`;
}

/**
 * The HTTP API: one route and one function per entry of the shared route table. The routes are added after
 * construction because their functions need the site URL, and the site's CloudFront distribution needs this
 * API's domain.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: RouteFunction[] = [];
  private readonly stageName: Stage;
  private readonly removalPolicy: RemovalPolicy;
  private readonly logRetention: RetentionDays;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    this.stageName = props.stage;
    const production = props.stage === 'prod';
    this.removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.logRetention = production ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS;

    // CloudFront serves the SPA and the API from one origin, so the API needs no CORS configuration.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `bloom-${props.stage}`,
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: this.logRetention,
      removalPolicy: this.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }

  /** Adds a route and its function for each entry, guarded by the Cognito JWT authorizer unless `auth: 'none'`. */
  addRouteTable(props: RouteTableProps): void {
    const jwt = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const shared = {
      POWERTOOLS_SERVICE_NAME: 'bloom',
      POWERTOOLS_METRICS_NAMESPACE: 'Bloom',
      LOG_LEVEL: this.stageName === 'prod' ? 'INFO' : 'DEBUG',
    };

    for (const route of props.routes) {
      const uses = route.uses ?? [];
      const routeFunction = new RouteFunction(this, constructIdOf(route.handler), {
        route,
        functionName: functionNameOf(this.stageName, route.handler),
        table: props.table,
        environment: {
          ...shared,
          ...(uses.includes('stripe') ? props.billing.environment : {}),
          ...(uses.includes('bedrock') ? props.coach.environment : {}),
        },
        logRetention: this.logRetention,
        logRemovalPolicy: this.removalPolicy,
      });
      if (uses.includes('stripe')) props.billing.grantRead(routeFunction.function);
      if (uses.includes('bedrock')) props.coach.grantInvoke(routeFunction.function);
      this.functions.push(routeFunction);

      const authorizer: IHttpRouteAuthorizer = route.auth === 'jwt' ? jwt : new HttpNoneAuthorizer();
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(
          `${constructIdOf(route.handler)}Integration`,
          routeFunction.function,
        ),
        authorizer,
      });
      if (route.auth === 'none' && created) {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions::AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is called by a third party that cannot hold a Cognito token; the handler authenticates each request itself (a Stripe webhook is verified by its signature).`,
        });
      }
    }
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
