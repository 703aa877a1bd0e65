export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

export class InvalidLambdaResponseError extends Error {}

function isStructured(result: unknown): result is Record<string, unknown> {
  return typeof result === 'object' && result !== null && !Array.isArray(result) && 'statusCode' in result;
}

/**
 * Maps a Lambda result back to HTTP as payload format 2.0 does: a result with `statusCode` is a structured
 * response; anything else is JSON the client gets as a 200 `application/json` body.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  if (!isStructured(result)) {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: Buffer.from(JSON.stringify(result) ?? ''),
    };
  }
  const { statusCode, headers = {}, cookies = [], body, isBase64Encoded = false } = result;
  if (
    typeof statusCode !== 'number' ||
    !Number.isInteger(statusCode) ||
    statusCode < 100 ||
    statusCode > 599
  ) {
    throw new InvalidLambdaResponseError(
      `statusCode must be an HTTP status, got ${JSON.stringify(statusCode)}`,
    );
  }
  if (body !== undefined && typeof body !== 'string') {
    throw new InvalidLambdaResponseError('body must be a string; serialise it (e.g. JSON.stringify) first');
  }
  if (typeof headers !== 'object' || headers === null || !Array.isArray(cookies)) {
    throw new InvalidLambdaResponseError('headers must be an object and cookies an array');
  }
  return {
    statusCode,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    ),
    cookies: cookies.map(String),
    body: Buffer.from(body ?? '', isBase64Encoded ? 'base64' : 'utf8'),
  };
}
