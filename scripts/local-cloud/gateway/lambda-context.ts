import { randomUUID } from 'node:crypto';
import type { RouteDefinition } from '@bloom/functions/routes';
import type { Context } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID } from './event';

/** The function name the local cloud gives a handler, e.g. `bloom-local-weeks-get`. */
export function functionNameOf(route: Pick<RouteDefinition, 'handler'>): string {
  return `bloom-local-${route.handler.replace(/\//g, '-')}`;
}

/** A Lambda invocation context with the route's memory size and timeout. */
export function createLambdaContext(
  route: Pick<RouteDefinition, 'handler' | 'memoryMb' | 'timeoutSeconds'>,
  region: string,
  startedAt = Date.now(),
): Context {
  const functionName = functionNameOf(route);
  const deadline = startedAt + route.timeoutSeconds * 1000;
  const unsupported = () => {
    throw new Error('Callback-style completion is not supported; return a promise from the handler');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: String(route.memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${new Date(startedAt).toISOString().slice(0, 10).replace(/-/g, '/')}/[$LATEST]${randomUUID().replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
