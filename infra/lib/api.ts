import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
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
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/src/routes.ts';
import { logRetentionOf, type StageResources } from './bloom-function.ts';
import type { Stage } from './config.ts';
import { constructIdOf } from './construct-id.ts';
import { RouteFunction } from './route-function.ts';
import { DEFAULT_ROUTE_THROTTLE, throttleOf } from './throttles.ts';

export interface RouteTableProps {
  routes: readonly RouteDefinition[];
  userPool: UserPool;
  userPoolClient: UserPoolClient;
  resources: StageResources;
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

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);

    // CloudFront serves the SPA and the API from one origin, so the API needs no CORS configuration.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `bloom-${props.stage}`,
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: logRetentionOf(props.stage),
      removalPolicy: props.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_ROUTE_THROTTLE,
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

  /**
   * Adds a route and its function for each entry, guarded by the Cognito JWT authorizer unless `auth: 'none'`,
   * and throttled by its class (infra/lib/throttles.ts).
   */
  addRouteTable(props: RouteTableProps): void {
    // CloudFormation's RouteSettings is a map from route key to settings, typed as plain JSON: its keys are written
    // as the template spells them.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const jwt = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    for (const route of props.routes) {
      const routeFunction = new RouteFunction(this, constructIdOf(route.handler), {
        route,
        resources: props.resources,
      });
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
      if (!created) throw new Error(`${route.method} ${route.path} made no API Gateway route`);
      const throttle = throttleOf(route);
      routeSettings[`${route.method} ${route.path}`] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
      };
      // A stage's route settings name existing routes: API Gateway refuses a key it cannot find yet.
      this.stage.node.addDependency(created);
      if (route.auth === 'none') {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions::AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is called by a third party that cannot hold a Cognito token; the handler authenticates each request itself (a Stripe webhook by its signature, a calendar app by the feed's 256-bit token, stored hashed).`,
        });
      }
    }
    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
