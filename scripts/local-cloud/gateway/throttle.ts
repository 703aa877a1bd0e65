import type { RouteDefinition, ThrottleLimits } from '@bloom/functions/routes';

/**
 * API Gateway's route throttle: a token bucket per route holding `burstLimit` requests, refilled at `rateLimit`
 * a second, shared by every caller of the route. A request that finds the bucket empty is refused before the
 * authorizer or the function runs, so the local cloud is no kinder than the real one under a flood.
 */
export function createRouteThrottle(limitsOf: (route: RouteDefinition) => ThrottleLimits, now = Date.now) {
  const buckets = new Map<RouteDefinition, { tokens: number; at: number }>();
  return function admit(route: RouteDefinition): boolean {
    const { rateLimit, burstLimit } = limitsOf(route);
    const time = now();
    const bucket = buckets.get(route) ?? { tokens: burstLimit, at: time };
    bucket.tokens = Math.min(burstLimit, bucket.tokens + ((time - bucket.at) / 1000) * rateLimit);
    bucket.at = time;
    buckets.set(route, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}
