import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

/** The account and API ids the local API pretends to have. */
export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_API_ID = 'local';

export interface EventInput {
  req: IncomingMessage;
  body: Buffer;
  routeKey: string;
  pathParameters: Record<string, string>;
  /** Verified claims, for routes behind the JWT authorizer. */
  claims?: Record<string, string>;
  requestId: string;
  now?: Date;
}

/** API Gateway's request id: a short base64 string such as `JKJaXmPLvHcESHA=`. */
export function newRequestId(): string {
  return randomBytes(10).toString('base64');
}

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('text/') || /[/+](json|xml|javascript)$/.test(type);
}

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's requestContext.time. */
function clf(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** Repeated headers are joined with commas, as payload format 2.0 does; cookies move to `cookies`. */
function headersOf(
  req: IncomingMessage,
  sourceIp: string,
): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    const name = (req.rawHeaders[index] ?? '').toLowerCase();
    const value = req.rawHeaders[index + 1] ?? '';
    // HTTP/2's pseudo-headers (the local cloud's origin speaks it, as CloudFront does) never reach a function:
    // API Gateway's event has the host in `host`.
    if (name.startsWith(':')) {
      if (name === ':authority') headers.host ??= value;
      continue;
    }
    if (name === 'cookie') {
      cookies.push(...value.split(/;\s*/).filter(Boolean));
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${sourceIp}`
    : sourceIp;
  headers['x-forwarded-proto'] = encrypted ? 'https' : 'http';
  headers['x-forwarded-port'] = String(req.socket.localPort ?? '');
  headers['x-amzn-trace-id'] =
    `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
  return { headers, cookies };
}

/** Query parameters decoded, repeated names joined with commas (payload format 2.0). */
function queryParametersOf(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    parameters[name] = parameters[name] === undefined ? value : `${parameters[name]},${value}`;
  }
  return parameters;
}

/** Builds the HTTP API payload format 2.0 event Lambda receives for this request. */
export function buildEvent(input: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { req, body } = input;
  const now = input.now ?? new Date();
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const { headers, cookies } = headersOf(req, sourceIp);
  const domainName = headers.host ?? 'localhost';
  const queryStringParameters = queryParametersOf(rawQueryString);
  const textual = isTextual(headers['content-type']);

  const event = {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      ...(input.claims ? { authorizer: { jwt: { claims: input.claims, scopes: null } } } : {}),
      domainName,
      domainPrefix: domainName.split('.')[0]?.split(':')[0] ?? domainName,
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId,
      routeKey: input.routeKey,
      stage: '$default',
      time: clf(now),
      timeEpoch: now.getTime(),
    },
    ...(Object.keys(input.pathParameters).length ? { pathParameters: input.pathParameters } : {}),
    ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
  };
  // Routes without an authorizer carry no `authorizer` at all; the type only describes JWT-guarded routes.
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}
