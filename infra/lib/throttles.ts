import { THROTTLE_LIMITS } from '../../functions/src/routes.ts';

export { THROTTLE_LIMITS as ROUTE_THROTTLES, throttleOf } from '../../functions/src/routes.ts';

/**
 * The stage default, for any request that matches no route setting (every route of the table has its own): the
 * write figures, the strictest class an ordinary signed-in request gets. The per-route figures and why they are
 * what they are: `THROTTLE_LIMITS` in functions/src/routes.ts, which the local API Gateway enforces too.
 */
export const DEFAULT_ROUTE_THROTTLE = THROTTLE_LIMITS.write;
