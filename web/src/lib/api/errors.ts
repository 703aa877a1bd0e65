import { CLIENT_MESSAGES, ERRORS, type ErrorCode } from '@bloom/shared/errors/catalogue';
import { inHerLanguage } from './her-words';

/**
 * A failed API call, carrying the one message a person should see (docs/rules.md#errors-and-messages) and,
 * when the server gave them, the error code (to open the right modal) and per-field messages (to show next to
 * form fields).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network' | 'timeout' | 'unknown';
  readonly fields: Readonly<Record<string, string>>;
  /** How long the server asked to wait before sending again (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: {
      status: number;
      code: ApiError['code'];
      fields?: Record<string, string>;
      retryAfterMs?: number;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Codes whose server message says something a person can act on (limits, Pro, validation, a full slot). */
const SPEAKING_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'edit_limit_reached',
  'daily_action_limit_reached',
  'pro_required',
  'validation_failed',
  'slot_full',
  'not_found',
  'payload_too_large',
  'already_pro',
  'payment_pending',
  'payment_provider_unavailable',
  'plan_initialization_failed',
  'week_in_past',
  'replan_too_large',
  'service_unavailable',
  'rest_day_limit',
  'day_is_rest_day',
  'day_already_complete',
  'coach_daily_limit_reached',
  'coach_reply_in_progress',
]);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

interface ParsedBody {
  code?: ErrorCode;
  message?: string;
  fields?: Record<string, string>;
}

function parseErrorBody(body: unknown): ParsedBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
  const parsed: ParsedBody = {};
  if (isErrorCode(code)) parsed.code = code;
  if (typeof message === 'string' && message.trim() !== '') parsed.message = message;
  if (typeof fields === 'object' && fields !== null) {
    parsed.fields = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return parsed;
}

/** `Retry-After` as milliseconds: either whole seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Turns an HTTP error response (status and parsed JSON body, if any) into the error a person sees. */
export function errorFromResponse(status: number, body: unknown, retryAfterMs?: number): ApiError {
  const { code, message, fields } = parseErrorBody(body);
  const options = {
    status,
    code: code ?? ('unknown' as const),
    ...(fields ? { fields } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };

  // A limit the server names (the coach's daily cap) speaks for itself; any other 429 asks for a refresh.
  if (code && SPEAKING_CODES.has(code) && message) return new ApiError(message, options);
  if (status === 429) return new ApiError(CLIENT_MESSAGES.tooManyRequests, options);
  if (status === 401 && code === 'account_deleted')
    return new ApiError(ERRORS.account_deleted.message, options);
  if (status === 401) return new ApiError(ERRORS.unauthorized.message, { ...options, code: 'unauthorized' });
  if (status >= 500) return new ApiError(CLIENT_MESSAGES.unexpected, options);
  if (status === 403) return new ApiError(ERRORS.permission_denied.message, options);
  if (status === 409) return new ApiError(ERRORS.already_exists.message, options);
  return new ApiError(message ?? CLIENT_MESSAGES.unexpected, options);
}

export function networkError(): ApiError {
  return new ApiError(CLIENT_MESSAGES.network, { status: 0, code: 'network' });
}

export function timeoutError(): ApiError {
  return new ApiError(CLIENT_MESSAGES.network, { status: 0, code: 'timeout' });
}

/** Failures worth another attempt: the request may well succeed a moment later. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'network' || error.code === 'timeout' || error.status === 429 || error.status >= 500;
}

/**
 * Failures a write waits out (docs/rules.md#errors-and-messages): the API could not be reached, took too long,
 * or said a dependency is down (503). The write stays queued on this device and is sent again with the same
 * Idempotency-Key; anything else the server said is final.
 */
export function isQueueable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'network' || error.code === 'timeout' || error.status === 503;
}

/**
 * What a read says once the query client has stopped retrying it (lib/api/query-client.ts): a server that kept
 * failing asks for a refresh ("Too many requests"); a lost connection keeps the network message, and a failure
 * the server named keeps its message.
 */
export function readFailure(error: unknown): unknown {
  if (!(error instanceof ApiError) || !isTransient(error)) return error;
  if (error.code === 'network' || error.code === 'timeout') return error;
  // A failure the server named ("Failed to initialize activities") keeps its own words.
  if (SPEAKING_CODES.has(error.code)) return error;
  return new ApiError(CLIENT_MESSAGES.tooManyRequests, { status: error.status, code: error.code });
}

/**
 * The message to show for anything thrown by an API call (or by code around it), in her language: the API's
 * own words arrive in it, and the catalogue messages the client words itself (or is given as `fallback`, in
 * English: `CLIENT_MESSAGES.addActivity`) are said in it here (./her-words.ts).
 */
export function messageOf(error: unknown, fallback: string = CLIENT_MESSAGES.unexpected): string {
  if (error instanceof ApiError) return inHerLanguage(error.message);
  if (error instanceof Error && /failed to fetch/i.test(error.message))
    return inHerLanguage(CLIENT_MESSAGES.network);
  return inHerLanguage(fallback);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
