import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Caller } from '../caller';
import { DomainError } from '../domain-error';

/** Who is calling, as the JWT authorizer verified it. */
export function callerFrom(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) throw new DomainError('unauthorized');
  const email = typeof claims.email === 'string' ? claims.email : '';
  const name = typeof claims.name === 'string' && claims.name ? claims.name : email.split('@')[0] || 'Friend';
  const picture = typeof claims.picture === 'string' && claims.picture ? claims.picture : null;
  // An ID token names her Cognito user `cognito:username`, an access token `username`.
  const username = claims['cognito:username'] ?? claims.username;
  return {
    userId: sub,
    email,
    name,
    avatarUrl: picture,
    ...(typeof username === 'string' && username ? { username } : {}),
  };
}
