import { beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTES,
  type RouteDefinition,
  THROTTLE_CLASSES,
  throttleClassOf,
} from '../../functions/src/routes.ts';
import {
  API_RATE_LIMIT_PER_IP,
  COMMON_RULE_SET,
  COUNTED_COMMON_RULES,
  pathPattern,
} from '../lib/firewall.ts';
import { ROUTE_THROTTLES } from '../lib/throttles.ts';
import { type Synthesized, synthesized } from './support/synthesized.ts';
import { onlyResourceOfType, resourcesOfType, type TemplateJson } from './support/template-queries.ts';

let synth: Synthesized;

beforeAll(async () => {
  synth = await synthesized();
});

const routeKey = (route: RouteDefinition): string => `${route.method} ${route.path}`;
const byKey = (key: string): RouteDefinition => {
  const route = ROUTES.find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`No route ${key}`);
  return route;
};

function stageOf(template: TemplateJson): Record<string, unknown> {
  return onlyResourceOfType(template, 'AWS::ApiGatewayV2::Stage')[1].Properties;
}

describe('route throttles', () => {
  it('derive a class for any route from the table, so a new route is throttled without an edit here', () => {
    const base = { path: '/api/new', tableActions: [], memoryMb: 512, timeoutSeconds: 5 } as const;
    expect(throttleClassOf({ ...base, method: 'GET', auth: 'jwt' })).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(throttleClassOf({ ...base, method, auth: 'jwt' })).toBe('write');
    }
    expect(throttleClassOf({ ...base, method: 'POST', auth: 'jwt', uses: ['bedrock'] })).toBe('model');
    expect(throttleClassOf({ ...base, method: 'GET', auth: 'jwt', uses: ['stripe'] })).toBe('read');
    expect(throttleClassOf({ ...base, method: 'GET', auth: 'none' })).toBe('unauthenticated');
    expect(throttleClassOf({ ...base, method: 'POST', auth: 'none', uses: ['stripe'] })).toBe(
      'unauthenticated',
    );
    expect(throttleClassOf({ ...base, method: 'GET', auth: 'jwt', throttle: 'model' })).toBe('model');
  });

  it('put the coach and the Stripe webhook below writes, and writes below reads', () => {
    expect(throttleClassOf(byKey('POST /api/coach/messages'))).toBe('model');
    expect(throttleClassOf(byKey('POST /api/billing/webhook'))).toBe('unauthenticated');
    expect(throttleClassOf(byKey('GET /api/weeks/{weekStart}'))).toBe('read');
    expect(throttleClassOf(byKey('PATCH /api/weeks/{weekStart}/activities/{id}'))).toBe('write');
    const { read, write, model, unauthenticated } = ROUTE_THROTTLES;
    for (const lower of [model, unauthenticated]) {
      expect(lower.rateLimit).toBeLessThan(write.rateLimit);
      expect(lower.burstLimit).toBeLessThan(write.burstLimit);
    }
    expect(write.rateLimit).toBeLessThan(read.rateLimit);
    expect(write.burstLimit).toBeLessThan(read.burstLimit);
    for (const name of THROTTLE_CLASSES) {
      expect(ROUTE_THROTTLES[name].burstLimit, name).toBeGreaterThanOrEqual(ROUTE_THROTTLES[name].rateLimit);
    }
  });

  it.each(['dev', 'prod'] as const)(
    'are set on the %s stage for every route of the table, by its class',
    (stage) => {
      const template = synth.json(stage);
      const settings = stageOf(template).RouteSettings as Record<string, unknown>;
      expect(Object.keys(settings).sort()).toEqual(ROUTES.map(routeKey).sort());
      for (const route of ROUTES) {
        const limits = ROUTE_THROTTLES[throttleClassOf(route)];
        expect(settings[routeKey(route)], routeKey(route)).toEqual({
          ThrottlingRateLimit: limits.rateLimit,
          ThrottlingBurstLimit: limits.burstLimit,
        });
      }
      const coach = settings['POST /api/coach/messages'] as { ThrottlingRateLimit: number };
      const read = settings['GET /api/me'] as { ThrottlingRateLimit: number };
      expect(coach.ThrottlingRateLimit).toBeLessThan(read.ThrottlingRateLimit);
    },
  );

  it('deploy the stage after its routes, since API Gateway refuses settings for a route it cannot find', () => {
    const template = synth.json('dev');
    const [stageId, stageResource] = onlyResourceOfType(template, 'AWS::ApiGatewayV2::Stage');
    const routeIds = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([id]) => id);
    expect(routeIds).toHaveLength(ROUTES.length);
    for (const id of routeIds) expect(stageResource.DependsOn ?? [], `${stageId} after ${id}`).toContain(id);
  });
});

describe('web application firewall', () => {
  function webAclOf(): [string, Record<string, unknown>] {
    const edge = Object.entries(synth.stacks('prod')).find(([name]) => name.endsWith('-edge'));
    if (!edge) throw new Error('prod has no edge stack');
    const [stackName, { region, template }] = edge;
    expect(region).toBe('us-east-1');
    return [stackName, onlyResourceOfType(template, 'AWS::WAFv2::WebACL')[1].Properties];
  }

  it('in prod, is a CLOUDFRONT web ACL in its own stack, with the per-IP API rate rule and the common rule set', () => {
    const [stackName, acl] = webAclOf();
    expect(stackName).toBe('Bloom-prod-edge');
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl.Rules as Record<string, unknown>[];
    expect(rules.map((rule) => rule.Name)).toEqual(['ApiRatePerIp', COMMON_RULE_SET]);

    expect(rules[0]).toMatchObject({
      Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'IP',
          Limit: API_RATE_LIMIT_PER_IP.requests,
          EvaluationWindowSec: API_RATE_LIMIT_PER_IP.windowSeconds,
          ScopeDownStatement: {
            ByteMatchStatement: { PositionalConstraint: 'STARTS_WITH', SearchString: '/api/' },
          },
        },
      },
    });
    const bodies = acl.CustomResponseBodies as Record<string, { Content: string }>;
    expect(Object.values(bodies).map((body) => JSON.parse(body.Content))).toEqual([
      { error: { code: 'too_many_requests', message: expect.any(String) } },
    ]);

    expect(rules[1]).toMatchObject({
      OverrideAction: { None: {} },
      Statement: {
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: COMMON_RULE_SET,
          RuleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({
            Name: name,
            ActionToUse: { Count: {} },
          })),
        },
      },
    });
  });

  it('leaves the routes that authenticate themselves (the Stripe webhook) out of the common rule set', () => {
    const [, acl] = webAclOf();
    const common = (acl.Rules as { Statement: { ManagedRuleGroupStatement: unknown } }[])[1];
    const unauthenticated = ROUTES.filter((route) => route.auth === 'none');
    const text = JSON.stringify(common?.Statement.ManagedRuleGroupStatement);
    expect(text).toContain('"NotStatement"');
    for (const route of unauthenticated) {
      expect(text).toContain(JSON.stringify(pathPattern(route.path)));
      expect(new RegExp(pathPattern(route.path)).test(route.path)).toBe(true);
    }
    expect(
      new RegExp(pathPattern('/api/weeks/{weekStart}/activities/{id}')).test(
        '/api/weeks/2026-11-23/activities/a1',
      ),
    ).toBe(true);
    expect(new RegExp(pathPattern('/api/weeks/{weekStart}')).test('/api/weeks/2026-11-23/replan')).toBe(
      false,
    );
  });

  it('keeps no sampled requests (headers, IPs) in us-east-1; metrics only', () => {
    const [, acl] = webAclOf();
    const configs = [
      acl.VisibilityConfig,
      ...(acl.Rules as { VisibilityConfig: unknown }[]).map((r) => r.VisibilityConfig),
    ];
    for (const config of configs)
      expect(config).toMatchObject({ SampledRequestsEnabled: false, CloudWatchMetricsEnabled: true });
  });

  it('is attached to the prod distribution, and dev has none', () => {
    const [, distribution] = onlyResourceOfType(synth.json('prod'), 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig as { WebACLId?: unknown };
    // The ARN crosses from us-east-1 as a parameter CDK writes into Bloom's region.
    expect(JSON.stringify(config.WebACLId)).toMatch(/cdk\/exports\/Bloom-prod\/.*WebAcl/i);
    expect(Object.keys(synth.stacks('dev'))).toEqual(['Bloom-dev']);
    const [, devDistribution] = onlyResourceOfType(synth.json('dev'), 'AWS::CloudFront::Distribution');
    expect(
      (devDistribution.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId,
    ).toBeUndefined();
  });
});
