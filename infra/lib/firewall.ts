import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../functions/src/routes.ts';
import { ERRORS } from '../../shared/src/errors/catalogue.ts';
import type { Stage } from './config.ts';

/**
 * Per client IP, over API requests only: a person makes a few API calls a minute, so this stops a script long
 * before the route throttles (infra/lib/throttles.ts) would turn everyone away. Static files are CloudFront's
 * cache and cost nothing per request; counting them would punish a crowd behind one carrier NAT loading the app.
 */
export const API_RATE_LIMIT_PER_IP = { requests: 1000, windowSeconds: 300 } as const;

/** The AWS managed rule group every request but the unauthenticated routes' must pass. */
export const COMMON_RULE_SET = 'AWSManagedRulesCommonRuleSet';

/**
 * Rules of the common rule set that only count. SizeRestrictions_BODY blocks bodies over 8 KB, and Bloom sends
 * larger ones on purpose: a coach message carries up to 20 earlier messages of up to 2,000 characters each
 * (shared/src/coach/messages.ts). Each handler's schema bounds its own body, and API Gateway refuses anything
 * over 10 MB.
 */
export const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

const RATE_LIMITED_RESPONSE_BODY = 'TooManyRequests';

/** `/api/items/{id}` → `^/api/items/[^/]+$`: a path of the route table as a regular expression over the URI path. */
export function pathPattern(path: string): string {
  const segments = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return `^${segments.join('[^/]+')}$`;
}

export interface SiteFirewallProps {
  stage: Stage;
  /** The route table: routes without the JWT authorizer are left out of the common rule set. */
  routes: readonly RouteDefinition[];
}

/**
 * The site's web ACL, for the CloudFront distribution (so scope CLOUDFRONT: it must live in us-east-1; see
 * infra/lib/edge-stack.ts). Two rules:
 *
 * 1. a rate-based rule per client IP on `/api/*`, answering 429 with the error catalogue's `too_many_requests`
 *    body, which the SPA already understands;
 * 2. AWS's common rule set (bad bots without a User-Agent, path traversal, XSS, SSRF probes…) on every request
 *    except the routes that authenticate themselves (the Stripe webhook): Stripe's signed event JSON carries
 *    customer-entered text the body rules could mistake for an attack, and a blocked event would be retried and
 *    finally dropped by Stripe, losing a payment.
 *
 * Sampled requests are off: they would keep request headers (tokens) and client IPs in us-east-1, and Bloom
 * promises that personal data stays in the EU. CloudWatch metrics (counts only) stay on.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SiteFirewallProps) {
    super(scope, id);
    const metricPrefix = `bloom-${props.stage}`;
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${metricPrefix}-${name}`,
      sampledRequestsEnabled: false,
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${metricPrefix}-site`,
      description: `Bloom ${props.stage}: per-IP API rate limit and the AWS common rule set`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('site'),
      customResponseBodies: {
        [RATE_LIMITED_RESPONSE_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: { code: 'too_many_requests', message: ERRORS.too_many_requests.message },
          }),
        },
      },
      rules: [
        {
          name: 'ApiRatePerIp',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: ERRORS.too_many_requests.status,
                customResponseBodyKey: RATE_LIMITED_RESPONSE_BODY,
                responseHeaders: [
                  { name: 'Retry-After', value: String(API_RATE_LIMIT_PER_IP.windowSeconds) },
                ],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: API_RATE_LIMIT_PER_IP.requests,
              evaluationWindowSec: API_RATE_LIMIT_PER_IP.windowSeconds,
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('api-rate-per-ip'),
        },
        {
          name: COMMON_RULE_SET,
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: COMMON_RULE_SET,
              ruleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
              ...exceptRoutesThatAuthenticateThemselves(props.routes),
            },
          },
          visibilityConfig: visibility('common-rule-set'),
        },
      ],
    });
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}

function exceptRoutesThatAuthenticateThemselves(
  routes: readonly RouteDefinition[],
): Pick<CfnWebACL.ManagedRuleGroupStatementProperty, 'scopeDownStatement'> {
  const matches: CfnWebACL.StatementProperty[] = routes
    .filter((route) => route.auth === 'none')
    .map((route) => ({
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { method: {} },
              positionalConstraint: 'EXACTLY',
              searchString: route.method,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          {
            regexMatchStatement: {
              fieldToMatch: { uriPath: {} },
              regexString: pathPattern(route.path),
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        ],
      },
    }));
  if (matches.length === 0) return {};
  const [only] = matches;
  const anyOf = matches.length === 1 && only ? only : { orStatement: { statements: matches } };
  return { scopeDownStatement: { notStatement: { statement: anyOf } } };
}
