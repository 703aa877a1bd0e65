import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RouteDefinition, type ThrottleLimits, throttleOf } from '@bloom/functions/routes';
import { BodyTooLargeError, readBody, sendJson } from '../http';
import type { GrantUse } from '../iam/grant-usage';
import { installIamGuard } from '../iam/guard';
import { invokeAs, localFunctionOf } from '../iam/local-function';
import { buildEvent, newRequestId } from './event';
import { createJwtAuthorizer, type JwtAuthorizerConfig } from './jwt-authorizer';
import { createLambdaContext } from './lambda-context';
import { InvalidLambdaResponseError, toHttpResponse } from './response';
import { createRouteMatcher } from './route-matcher';
import { createRouteThrottle } from './throttle';

// biome-ignore lint/suspicious/noExplicitAny: a Lambda handler takes and returns whatever its event source defines.
export type LambdaHandler = (event: any, context: any) => Promise<unknown>;
export type HandlerLoader = (handler: string) => Promise<LambdaHandler>;

export interface GatewayOptions {
  routes: readonly RouteDefinition[];
  /** Loads a route's handler module; by default `functions/src/handlers/<handler>.ts`. */
  loadHandler?: HandlerLoader;
  authorizer: JwtAuthorizerConfig;
  region: string;
  /** One line per request (method, path, status, duration); silent when absent. */
  log?: (line: string) => void;
  /** Told of every AWS action a route's function asks for, and whether its grant allowed it. */
  recordGrantUse?: (use: GrantUse) => void;
  /** Each route's throttle; by default the stack's own figures (`throttleOf`). Tests set small ones to see 429s. */
  throttleOf?: (route: RouteDefinition) => ThrottleLimits;
}

/** HTTP API's payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export const HANDLERS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../functions/src/handlers');

/** Imports handler modules from a folder once each and keeps them, as a warm Lambda keeps its module. */
export function moduleHandlerLoader(directory: string): HandlerLoader {
  const loaded = new Map<string, Promise<LambdaHandler>>();
  return (handler) => {
    let module = loaded.get(handler);
    if (!module) {
      module = import(pathToFileURL(join(directory, `${handler}.ts`)).href).then(
        (exports: { handler?: unknown }) => {
          if (typeof exports.handler !== 'function')
            throw new Error(`${handler}.ts does not export a handler function`);
          return exports.handler as LambdaHandler;
        },
      );
      // A failed import is retried on the next request, so fixing the file is enough.
      module.catch(() => loaded.delete(handler));
      loaded.set(handler, module);
    }
    return module;
  };
}

/**
 * An API Gateway HTTP API in front of the route table's handlers: matches the route, runs the JWT
 * authorizer, invokes the handler with a payload 2.0 event and maps its result back to HTTP. Each route's
 * function runs under its own role, as in AWS: the IAM guard refuses the AWS calls its grant does not allow.
 */
export function createApiGateway(options: GatewayOptions) {
  const match = createRouteMatcher(options.routes);
  const authorize = createJwtAuthorizer(options.authorizer);
  const admit = createRouteThrottle(options.throttleOf ?? throttleOf);
  const loadHandler = options.loadHandler ?? moduleHandlerLoader(HANDLERS_DIR);
  installIamGuard();
  // One function per route, made when the gateway is: each keeps its own role and container for good.
  const functions = new Map(options.routes.map((route) => [route, localFunctionOf(route, options)]));

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const requestId = newRequestId();
    const answer = (status: number, body: unknown) =>
      sendJson(res, status, body, { 'apigw-requestid': requestId });
    const method = req.method ?? 'GET';
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const log = (status: number) => options.log?.(`${method} ${req.url} ${status} ${Date.now() - started}ms`);

    const found = match(method, rawPath);
    if (!found) {
      answer(404, { message: 'Not Found' });
      return log(404);
    }
    if (!admit(found.route)) {
      answer(429, { message: 'Too Many Requests' });
      return log(429);
    }
    let claims: Record<string, string> | undefined;
    if (found.route.auth === 'jwt') {
      const verdict = await authorize(req.headers.authorization);
      if ('reason' in verdict) {
        res.setHeader(
          'www-authenticate',
          `Bearer scope="" error="invalid_token" error_description="${verdict.reason.replace(/"/g, "'")}"`,
        );
        answer(401, { message: 'Unauthorized' });
        return log(401);
      }
      claims = verdict.claims;
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_PAYLOAD_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      answer(413, { message: 'Request Entity Too Large' });
      return log(413);
    }

    const event = buildEvent({
      req,
      body,
      routeKey: found.routeKey,
      pathParameters: found.pathParameters,
      claims,
      requestId,
    });
    try {
      const fn = functions.get(found.route);
      if (!fn) throw new Error(`No function for ${found.routeKey}`);
      const result = await invokeAs(fn, async () => {
        const handler = await loadHandler(found.route.handler);
        const context = createLambdaContext(found.route, options.region);
        return withTimeout(handler(event, context), found.route.timeoutSeconds, found.route.handler);
      });
      log(sendResult(res, result, requestId));
    } catch (error) {
      // Lambda reports a thrown error or a timeout as a function error; API Gateway turns that into a bare 500.
      const kind = error instanceof InvalidLambdaResponseError ? 'invalid response' : 'function error';
      console.error(`[gateway] ${found.routeKey} (${found.route.handler}): ${kind}`, error);
      answer(500, { message: 'Internal Server Error' });
      log(500);
    }
  };
}

/** Answers with the function's result as API Gateway maps it to HTTP (payload 2.0); its status. */
function sendResult(res: ServerResponse, result: unknown, requestId: string): number {
  const response = toHttpResponse(result);
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (response.cookies.length) res.setHeader('set-cookie', response.cookies);
  res.setHeader('apigw-requestid', requestId);
  res.setHeader('content-length', response.body.length);
  res.end(response.body);
  return response.statusCode;
}

class LambdaTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, seconds: number, handler: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LambdaTimeoutError(`${handler} timed out after ${seconds} seconds`)),
      seconds * 1000,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
