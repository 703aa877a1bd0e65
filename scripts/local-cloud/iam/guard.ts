import { addMiddlewareToAwsClients } from '@bloom/functions/aws/instrumentation';
import type { DeserializeHandlerOutput, DeserializeMiddleware } from '@smithy/types';
import { accessDeniedResponse } from './access-denied';
import { invokedFunction } from './local-function';
import { requestedActions, type SignedRequest } from './requested-actions';

/**
 * IAM for the functions' AWS calls, as the local cloud runs them. Each request is authorised against the role
 * of the function being invoked, from the request as signed for the wire; a refused request never leaves the
 * process: the guard answers with the service's own AccessDeniedException response, which the SDK's
 * deserialiser (outside this middleware) turns into exactly the error a real denial gives. Calls made outside
 * any invocation (a test or a script writing the table itself) are not a function's, and go through.
 */
// biome-ignore lint/suspicious/noExplicitAny: one middleware guards clients of every input and output type.
const iamGuard: DeserializeMiddleware<any, any> = (next) => async (args) => {
  const fn = invokedFunction();
  if (!fn) return next(args);
  const { service, actions } = requestedActions(args.request as SignedRequest, fn);
  const denied = actions.find((requested) => !fn.allowedActions.has(requested.action));
  if (denied) {
    fn.onAuthorization?.({ action: denied.action, allowed: false });
    return {
      response: accessDeniedResponse(service, { functionName: fn.name, accountId: fn.accountId }, denied),
    } as DeserializeHandlerOutput<unknown>;
  }
  for (const { action } of actions) fn.onAuthorization?.({ action, allowed: true });
  return next(args);
};

let installed = false;

/** Puts the guard on every AWS client the functions make (functions/src/aws), once per process. */
export function installIamGuard(): void {
  if (installed) return;
  installed = true;
  addMiddlewareToAwsClients({
    applyToStack: (stack) =>
      // Last of the deserialize step: inside the deserialiser, so a refusal is read as a service response,
      // and after signing, so the request is the one that would go on the wire.
      stack.add(iamGuard, { name: 'localCloudIamGuard', step: 'deserialize', priority: 'low' }),
  });
}
