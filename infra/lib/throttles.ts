import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { type RouteDefinition, type ThrottleClass, throttleClassOf } from '../../functions/src/routes.ts';

/**
 * API Gateway's per-route limits (requests per second, steady and burst). They count every caller of the route
 * together, not each person: they cap what a script or a flood can cost, while each person's own limits (free
 * edits, coach messages) are enforced by the handlers. A request over the limit gets 429 and the SPA retries it
 * later; Stripe retries a webhook for days. Figures per class (functions/src/routes.ts `throttleClassOf`):
 *
 * - read: the SPA makes a few GETs per screen; generous.
 * - write: a person taps a few times a minute; half the reads.
 * - model: each request is a paid Bedrock call of up to 30 s; a handful per second.
 * - unauthenticated: no JWT authorizer, anyone can call it; Stripe sends a few events per checkout, and every
 *   request still costs a function invocation before its signature check.
 */
export const ROUTE_THROTTLES: Readonly<Record<ThrottleClass, Required<ThrottleSettings>>> = {
  read: { rateLimit: 50, burstLimit: 100 },
  write: { rateLimit: 20, burstLimit: 40 },
  model: { rateLimit: 5, burstLimit: 10 },
  unauthenticated: { rateLimit: 5, burstLimit: 10 },
};

/**
 * The stage default, for any request that matches no route setting (every route of the table has its own): the
 * write figures, the strictest class an ordinary signed-in request gets.
 */
export const DEFAULT_ROUTE_THROTTLE = ROUTE_THROTTLES.write;

export function throttleOf(route: RouteDefinition): Required<ThrottleSettings> {
  return ROUTE_THROTTLES[throttleClassOf(route)];
}
