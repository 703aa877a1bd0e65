import { ERRORS, type ErrorCode } from '@bloom/shared/errors/catalogue';
import type { ErrorMessageId } from '@bloom/shared/i18n/catalogues/errors';
import type { Messages } from '@bloom/shared/i18n/messages';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as v from 'valibot';
import { refuseClosedAccount } from '../account/closed-account';
import { isServiceOutage } from '../aws/outage';
import { behindCheck } from '../aws/request-gate';
import { withTableBudget } from '../aws/table-budget';
import type { Caller } from '../caller';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { type MetricName, metrics } from '../observability/metrics';
import { callerFrom } from './caller';
import { errorMessagesFor } from './error-messages';
import { errorResponse, type HttpResult, toResponse } from './responses';
import { parseOrThrow, type RequestSchema } from './validation';

/** How long before the function's timeout a request still running is answered 503. */
export const TIMEOUT_EARLY_MS = 1000;

/** Bodies above this are refused before parsing (413, docs/rules.md#errors-and-messages). */
export const MAX_BODY_BYTES = 16 * 1024;

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface ApiInput<P, B> {
  caller: Caller;
  params: P;
  body: B;
  event: ApiEvent;
}

export interface ApiHandlerOptions<
  PS extends RequestSchema | undefined,
  BS extends RequestSchema | undefined,
> {
  params?: PS;
  body?: BS;
  run(input: ApiInput<Out<PS>, Out<BS>>): Promise<HttpResult>;
}

type Out<S> = S extends RequestSchema ? v.InferOutput<S> : undefined;

type ApiMiddleware = middy.MiddlewareObj<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>;

/**
 * A JSON route behind the JWT authorizer: identify the caller, check size, parse JSON, validate path and body,
 * run the domain, and answer every failure in the `{ error: { code, message, fields? } }` shape. A route that
 * takes an `Idempotency-Key` is made with writeHandler (write-handler.ts), which adds its middleware, so a read
 * does not bundle that code. Each request waits on the table within one budget (withTableBudget,
 * docs/rules.md#outages), its middleware's table calls included.
 */
export function apiHandler<
  PS extends RequestSchema | undefined = undefined,
  BS extends RequestSchema | undefined = undefined,
>(options: ApiHandlerOptions<PS, BS>, middlewares: readonly ApiMiddleware[] = []) {
  const answer = async (event: ApiEvent, caller: Caller): Promise<HttpResult> => {
    const params = (
      options.params ? parseOrThrow(options.params, event.pathParameters ?? {}) : undefined
    ) as Out<PS>;
    const body = (
      options.body ? parseOrThrow(options.body, readJsonBody(event)) : refuseAnyBody(event)
    ) as Out<BS>;
    return options.run({ caller, params, body, event });
  };
  const run = async (event: ApiEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    let caller: Caller;
    try {
      caller = callerFrom(event);
    } catch (error) {
      return failure(error, await errorMessagesFor(event.headers));
    }
    // A token outlives a deleted account: every route asks whether hers was closed, alongside its own reads, and
    // nothing it would change leaves the function before the answer (docs/rules.md#closed-accounts).
    const accountOpen = refuseClosedAccount(caller.userId);
    accountOpen.catch(() => {}); // awaited below, after the route, whose own failure may come first
    try {
      const result = await behindCheck(accountOpen, () => answer(event, caller));
      await accountOpen;
      return toResponse(result);
    } catch (error) {
      // A closed account is answered as such, whatever the route met on its way (a write the check held back).
      const answered = await accountOpen.then(
        () => error,
        (closed: unknown) => closed,
      );
      return failure(answered, await errorMessagesFor(event.headers));
    }
  };
  // A handler still waiting a second before its function's timeout gives up (middy answers a TimeoutError, an
  // outage: 503), so she hears Bloom's words rather than API Gateway's bare 500 (docs/rules.md#outages); its
  // table budget ends then too, so nothing it sends the table outlives her answer.
  const handler = middy<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>({
    timeoutEarlyInMillis: TIMEOUT_EARLY_MS,
  })
    .use([answerFailures, ...middlewares])
    .handler(run);
  return withTableBudget(handler, TIMEOUT_EARLY_MS);
}

/**
 * A route that takes no body refuses one with content, as a strict schema refuses an unknown field: nothing a
 * client sends is silently dropped. An empty body or `{}` is no content.
 */
function refuseAnyBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): undefined {
  if ((event.body ?? '').trim() === '') return undefined;
  const body = readJsonBody(event);
  const empty =
    typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!empty) throw new DomainError('validation_failed');
  return undefined;
}

export function readJsonBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new DomainError('payload_too_large');
  if (text.trim() === '') throw new DomainError('invalid_json');
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('invalid_json');
  }
}

/** A middleware's failure (the idempotency check's) answered like the handler's own. */
const answerFailures: ApiMiddleware = {
  onError: async (request) => {
    request.response = failure(request.error, await errorMessagesFor(request.event.headers));
  },
};

/** Refusals worth watching: each is a moment a free user meets a limit (the upgrade funnel). */
const LIMIT_METRICS: Partial<Record<ErrorCode, MetricName>> = {
  edit_limit_reached: 'EditLimitReached',
  daily_action_limit_reached: 'DailyActionLimitReached',
  pro_required: 'ProRequired',
};

/**
 * The one place a failure becomes an HTTP answer: a DomainError answers with its catalogue entry, in the language
 * of `messages` (the request's, errorMessagesFor; English when none is given).
 */
export function failure(
  error: unknown,
  messages?: Messages<ErrorMessageId>,
): APIGatewayProxyStructuredResultV2 {
  // A dependency that is down or too slow: she is told so at once, and her client may send the same request again.
  if (causedByOutage(error)) {
    log.error('A dependency is unavailable', { error });
    metrics.count('DependencyUnavailable');
    return errorResponse('service_unavailable', undefined, messages);
  }
  if (error instanceof DomainError) {
    const metric = LIMIT_METRICS[error.code];
    if (metric) metrics.count(metric);
    // A server-side failure with a name of its own is still a failure: logged and counted like any other.
    if (ERRORS[error.code].status >= 500) {
      log.error(`Failed: ${error.code}`, { error: error.cause instanceof Error ? error.cause : error });
      metrics.count('UnexpectedErrors');
    }
    return errorResponse(error.code, error.fields, messages);
  }
  // Anything else is our bug or an outage: log it whole, tell the caller nothing about internals.
  log.error('Unhandled error', { error });
  metrics.count('UnexpectedErrors');
  return errorResponse('internal', undefined, messages);
}

/**
 * The error, or one it was raised from (its `cause`), is an outage of an AWS service. A
 * DomainError keeps its own code even when an outage caused it: its answer is the spec's (a week that could not
 * be planned says "Failed to initialize activities").
 */
function causedByOutage(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isServiceOutage(current)) return true;
    current = current.cause;
  }
  return false;
}
