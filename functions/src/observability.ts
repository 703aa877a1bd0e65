import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * Powertools singletons, created once per Lambda container. Service name and metrics namespace come from
 * POWERTOOLS_SERVICE_NAME / POWERTOOLS_METRICS_NAMESPACE set by the stack; the local cloud sets
 * POWERTOOLS_METRICS_DISABLED so a developer's console shows requests, not metric blobs.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'bloom' });
export const metrics = new Metrics({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'bloom',
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Bloom',
});
