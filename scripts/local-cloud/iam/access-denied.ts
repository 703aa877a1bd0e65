import { randomUUID } from 'node:crypto';
import type { AwsService, RequestedAction } from './requested-actions';

/** The HTTP response an AWS service sends, as the SDK's request handler hands it to the deserialiser. */
export interface ServiceResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Whose call was refused: a function, by its name (the session name of its assumed role) and account. */
export interface DeniedCaller {
  name: string;
  accountId: string;
}

/**
 * IAM's refusal as each service puts it on the wire, so that the SDK's own deserialiser makes of it exactly
 * the error a real denial gives: DynamoDB, Secrets Manager and Cognito's user-pool API answer 400 in their JSON protocols with the
 * error in `__type`, Bedrock Runtime answers 403 with it in `x-amzn-errortype`.
 */
export function accessDeniedResponse(
  service: AwsService,
  caller: DeniedCaller,
  denied: RequestedAction,
): ServiceResponse {
  const message = accessDeniedMessage(caller, denied);
  const requestId = randomUUID();
  const json = (statusCode: number, headers: Record<string, string>, body: unknown): ServiceResponse => ({
    statusCode,
    headers: { 'x-amzn-requestid': requestId, ...headers },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  switch (service) {
    case 'dynamodb':
      return json(
        400,
        { 'content-type': 'application/x-amz-json-1.0' },
        { __type: 'com.amazon.coral.service#AccessDeniedException', Message: message },
      );
    case 'secretsmanager':
    case 'cognito-idp':
      return json(
        400,
        { 'content-type': 'application/x-amz-json-1.1' },
        { __type: 'AccessDeniedException', Message: message },
      );
    case 'sqs':
      return json(
        400,
        { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-query-error': 'AccessDenied;Sender' },
        { __type: 'com.amazon.coral.service#AccessDeniedException', message },
      );
    case 'bedrock':
      return json(
        403,
        {
          'content-type': 'application/json',
          'x-amzn-errortype':
            'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.coral.service/',
        },
        { message },
      );
  }
}

/** IAM's wording for an action no policy of the caller's role allows. */
function accessDeniedMessage(caller: DeniedCaller, denied: RequestedAction): string {
  const role = `arn:aws:sts::${caller.accountId}:assumed-role/${caller.name}-role/${caller.name}`;
  return (
    `User: ${role} is not authorized to perform: ${denied.action} on resource: ${denied.resource} ` +
    `because no identity-based policy allows the ${denied.action} action`
  );
}
