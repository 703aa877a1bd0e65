import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantedActions, ROUTES, tableActionsOf } from '../../functions/src/routes.ts';
import { functionNameOf } from '../lib/bloom-function.ts';
import { DEFAULT_ROUTE_THROTTLE } from '../lib/throttles.ts';
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

function routeKey(route: (typeof ROUTES)[number]): string {
  return `${route.method} ${route.path}`;
}

function functionOf(route: (typeof ROUTES)[number]) {
  const found = functionsByName(dev).get(functionNameOf('dev', route.handler));
  if (!found) throw new Error(`No function for ${route.handler}`);
  return found;
}

describe('HTTP API routes', () => {
  it('has exactly one route per route-table entry', () => {
    const keys = resourcesOfType(dev, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('guards every route with the Cognito JWT authorizer except the ones the table marks auth: none', () => {
    const [authorizerId] = onlyResourceOfType(dev, 'AWS::ApiGatewayV2::Authorizer');
    const routes = new Map(
      resourcesOfType(dev, 'AWS::ApiGatewayV2::Route').map(([, route]) => [route.Properties.RouteKey, route]),
    );
    for (const entry of ROUTES) {
      const properties = routes.get(routeKey(entry))?.Properties;
      if (entry.auth === 'jwt') {
        expect(properties, routeKey(entry)).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(properties?.AuthorizationType, routeKey(entry)).toBe('NONE');
        expect(properties?.AuthorizerId, routeKey(entry)).toBeUndefined();
      }
    }
    expect(ROUTES.filter((entry) => entry.auth === 'none').map(routeKey)).toEqual([
      'GET /api/calendar/{file}',
      'POST /api/billing/webhook',
    ]);
  });

  it('verifies tokens of the user pool, issued to the SPA client, from the Authorization header', () => {
    synth.template('dev').hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('^AuthUserPoolWebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.eu-west-1.amazonaws.com/',
              { Ref: Match.stringLikeRegexp('^AuthUserPool') },
            ],
          ],
        },
      },
    });
  });

  it('sends each route to the function of its own handler', () => {
    const integrations = new Map(resourcesOfType(dev, 'AWS::ApiGatewayV2::Integration'));
    for (const [, route] of resourcesOfType(dev, 'AWS::ApiGatewayV2::Route')) {
      const entry = ROUTES.find((candidate) => routeKey(candidate) === route.Properties.RouteKey);
      if (!entry) throw new Error(`Unexpected route ${String(route.Properties.RouteKey)}`);
      const target = route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = integrations.get(target['Fn::Join'][1][1].Ref);
      expect(integration?.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionOf(entry).logicalId, 'Arn'] },
      });
    }
  });

  it('throttles the stage (each route by its class: abuse-limits.test.ts) and writes access logs', () => {
    synth.template('dev').hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: DEFAULT_ROUTE_THROTTLE.burstLimit,
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
  });

  it('has no CORS configuration, because CloudFront serves the API on the site origin', () => {
    const [, api] = onlyResourceOfType(dev, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.CorsConfiguration).toBeUndefined();
  });
});

describe('route functions', () => {
  it('run Node.js 22 on arm64 with the memory and timeout of their route', () => {
    for (const entry of ROUTES) {
      expect(functionOf(entry).properties, entry.handler).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: entry.memoryMb,
        Timeout: entry.timeoutSeconds,
      });
    }
  });

  it('get the table name, metrics settings and JSON logs, and only their own service configuration', () => {
    for (const entry of ROUTES) {
      const properties = functionOf(entry).properties;
      expect(properties.LoggingConfig, entry.handler).toMatchObject({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'DEBUG',
        SystemLogLevel: 'INFO',
      });
      const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, entry.handler).toMatchObject({
        TABLE_NAME: { Ref: expect.stringMatching(/^DataTable/) },
        METRICS_SERVICE: 'bloom',
        METRICS_NAMESPACE: 'Bloom',
      });
      const uses = entry.uses ?? [];
      const stripeKeys = ['STRIPE_SECRET_ARN', 'APP_URL'];
      const bedrockKeys = ['BEDROCK_MODEL_ID', 'BEDROCK_GUARDRAIL_ID', 'BEDROCK_GUARDRAIL_VERSION'];
      for (const key of stripeKeys)
        expect(key in variables, `${entry.handler} ${key}`).toBe(uses.includes('stripe'));
      expect('USER_POOL_ID' in variables, `${entry.handler} USER_POOL_ID`).toBe(uses.includes('cognito'));
      for (const key of bedrockKeys) {
        expect(key in variables, `${entry.handler} ${key}`).toBe(uses.includes('bedrock'));
      }
    }
  });

  it('may perform exactly the table actions their route declares (and a write its idempotency records), on the table only', () => {
    const [tableId] = onlyResourceOfType(dev, 'AWS::DynamoDB::GlobalTable');
    for (const entry of ROUTES) {
      const statements = statementsOfRole(dev, functionOf(entry).roleLogicalId);
      expect(actionsOf(statements, 'dynamodb'), entry.handler).toEqual([...tableActionsOf(entry)].sort());
      for (const statement of statements.filter((s) => actionsOf([s], 'dynamodb').length > 0)) {
        expect(statement.Resource, entry.handler).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
      }
    }
  });

  it('may perform exactly the actions the route table grants (grantedActions), besides writing their logs', () => {
    const [secretId] = resourcesOfType(dev, 'AWS::SecretsManager::Secret').find(([id]) =>
      id.startsWith('BillingStripeSecret'),
    ) ?? [''];
    for (const entry of ROUTES) {
      const statements = statementsOfRole(dev, functionOf(entry).roleLogicalId);
      const actions = statements
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
        .filter((action) => !action.startsWith('logs:'));
      // The local cloud's IAM guard allows each function exactly grantedActions: so must its role.
      expect([...new Set(actions)].sort(), entry.handler).toEqual([...grantedActions(entry)].sort());

      if (entry.uses?.includes('cognito')) {
        const poolStatements = statements.filter((s) => actionsOf([s], 'cognito-idp').length > 0);
        expect(poolStatements.map((s) => s.Resource)).toEqual([
          { 'Fn::GetAtt': [onlyResourceOfType(dev, 'AWS::Cognito::UserPool')[0], 'Arn'] },
        ]);
      }
      if (entry.uses?.includes('stripe')) {
        const secretStatements = statements.filter((s) => actionsOf([s], 'secretsmanager').length > 0);
        expect(secretStatements.map((s) => s.Resource)).toEqual([{ Ref: secretId }]);
      }
    }
  });

  it('write to their own log group with a retention period', () => {
    const template = synth.template('dev');
    for (const entry of ROUTES) {
      template.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: `/aws/lambda/${functionNameOf('dev', entry.handler)}`,
        RetentionInDays: 14,
      });
      expect(functionOf(entry).properties.LoggingConfig).toMatchObject({
        LogGroup: { Ref: expect.stringMatching(/Logs/) },
      });
    }
  });
});
