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
  | 'CoachSafetyEventsByCategory'
  | 'CoachSafetyClassifierUnavailable';

export const metrics = {
  /**
   * Counts one occurrence at once, as one line in CloudWatch's embedded metric format (EMF) on stdout, where
   * CloudWatch Logs turns it into a metric: in the METRICS_NAMESPACE namespace the stack sets, with the `service`
   * dimension and any given. Written directly rather than through the console, so that Lambda's JSON log format
   * keeps the line as it is. Nothing waits for the end of the request, so a count is not lost when the request
   * fails after it. The local cloud sets METRICS_DISABLED, so a developer's console shows requests, not metric
   * lines.
   *
   * By hand, not with Powertools Metrics: one counter is all Bloom records, and loading Powertools' module cost
   * every function's cold start about a millisecond (scripts/bench/bundles.ts).
   */
  count(name: MetricName, dimensions: Readonly<Record<string, string>> = {}): void {
    if (process.env.METRICS_DISABLED === 'true') return;
    const values = { service: process.env.METRICS_SERVICE ?? 'bloom', ...dimensions };
    const document = {
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: process.env.METRICS_NAMESPACE ?? 'Bloom',
            Dimensions: [Object.keys(values)],
            Metrics: [{ Name: name, Unit: 'Count' }],
          },
        ],
      },
      ...values,
      [name]: 1,
    };
    process.stdout.write(`${JSON.stringify(document)}\n`);
  },
};
