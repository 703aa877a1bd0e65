import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** Bloom's own CloudWatch metrics; monitoring alarms on some of them (infra/lib/monitoring.ts). */
export type MetricName =
  | 'EditLimitReached'
  | 'DailyActionLimitReached'
  | 'ProRequired'
  | 'DependencyUnavailable'
  | 'UnexpectedErrors'
  | 'CoachFallbacks'
  | 'CoachFallbacksByReason'
  | 'CoachSafetyEvents'
  | 'CoachSafetyEventsByCategory';

let powertools: Metrics | undefined;

/**
 * Powertools Metrics, created when a function first counts something. Most requests count nothing, and creating
 * it at load (it opens its own console on stdout, so that its EMF lines are not wrapped by Lambda's) cost every
 * cold start of every function. Service name and namespace come from POWERTOOLS_SERVICE_NAME and
 * POWERTOOLS_METRICS_NAMESPACE set by the stack; the local cloud sets POWERTOOLS_METRICS_DISABLED so a
 * developer's console shows requests, not metric blobs.
 */
function powertoolsMetrics(): Metrics {
  powertools ??= new Metrics({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'bloom',
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Bloom',
  });
  return powertools;
}

export const metrics = {
  /**
   * Counts one occurrence, published at once as its own EMF line (with the `service` dimension and any given):
   * nothing waits for the end of the request, so a count is not lost when the request fails after it.
   */
  count(name: MetricName, dimensions: Readonly<Record<string, string>> = {}): void {
    const single = powertoolsMetrics().singleMetric();
    if (Object.keys(dimensions).length > 0) single.addDimensions(dimensions);
    single.addMetric(name, MetricUnit.Count, 1);
  },
};
