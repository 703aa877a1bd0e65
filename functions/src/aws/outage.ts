/**
 * Whether an AWS SDK call failed because the service could not be reached or could not answer in time, as
 * opposed to refusing the request (docs/rules.md#outages). Such a failure is an outage: the request may be sent
 * again later, unchanged, and may then succeed.
 */
export function isServiceOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // The SDK's own request or connection timeout (NodeHttpHandler), and socket errors on the way.
  if (error.name === 'TimeoutError' || NETWORK_ERROR_CODES.has((error as { code?: string }).code ?? ''))
    return true;
  if (OUTAGE_ERROR_NAMES.has(error.name)) return true;
  // A 5xx from the service itself (DynamoDB's InternalServerError, a gateway in between...).
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const fault = (error as { $fault?: string }).$fault;
  return fault === 'server' && (status === undefined || status >= 500);
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * Errors DynamoDB answers when it is overloaded or throttling (try again later), and the request's table budget
 * running out (TableUnanswered, table-budget.ts).
 */
const OUTAGE_ERROR_NAMES = new Set([
  'TableUnanswered',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'TimeoutError',
]);
