import { type ApiErrorBody, ERRORS, type ErrorCode } from '@bloom/shared/errors/catalogue';
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

export function errorResponse(
  code: ErrorCode,
  fields?: Record<string, string>,
): APIGatewayProxyStructuredResultV2 {
  const body: ApiErrorBody = {
    error: { code, message: ERRORS[code].message, ...(fields ? { fields } : {}) },
  };
  return toResponse({ status: ERRORS[code].status, body });
}
