import {
  type ApiErrorBody,
  ERRORS,
  type ErrorCode,
  errorMessageId,
  fieldMessageId,
} from '@bloom/shared/errors/catalogue';
import { ERROR_MESSAGES, type ErrorMessageId } from '@bloom/shared/i18n/catalogues/errors';
import type { Messages } from '@bloom/shared/i18n/messages';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface HttpResult {
  status: number;
  body?: unknown;
}

export const ok = (body: unknown): HttpResult => ({ status: 200, body });
export const created = (body: unknown): HttpResult => ({ status: 201, body });
export const noContent = (): HttpResult => ({ status: 204 });

/** Personal data: never cached by browsers or CloudFront. */
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  return result.body === undefined
    ? { statusCode: result.status, headers: { 'cache-control': 'no-store' } }
    : { statusCode: result.status, headers: HEADERS, body: JSON.stringify(result.body) };
}

/**
 * Seconds a client waits before sending again what a dependency outage refused (502, 503): long enough for a
 * paused table or a restarted service to come back, short enough that a pending change is not held for long.
 */
export const RETRY_AFTER_SECONDS = 2;

/**
 * An error answer in the language of `messages` (docs/rules.md#languages): the catalogue's message for the code,
 * and each field's message (the schemas give them in English) in her words too. The code stays the same in every
 * language: the web acts on it, a person reads the message.
 */
export function errorResponse(
  code: ErrorCode,
  fields?: Record<string, string>,
  messages: Messages<ErrorMessageId> = ERROR_MESSAGES.english,
): APIGatewayProxyStructuredResultV2 {
  const body: ApiErrorBody = {
    error: {
      code,
      message: messages.format(errorMessageId(code)),
      ...(fields ? { fields: localisedFields(fields, messages) } : {}),
    },
  };
  const status = ERRORS[code].status;
  const response = toResponse({ status, body });
  if (status === 502 || status === 503)
    response.headers = { ...response.headers, 'retry-after': String(RETRY_AFTER_SECONDS) };
  return response;
}

function localisedFields(
  fields: Record<string, string>,
  messages: Messages<ErrorMessageId>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, text]) => {
      const id = fieldMessageId(text);
      return [field, id ? messages.format(id) : text];
    }),
  );
}
