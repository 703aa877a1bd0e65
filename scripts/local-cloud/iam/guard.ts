import { addMiddlewareToAwsClients } from '@bloom/functions/aws/instrumentation';
import type { DeserializeHandlerOutput, DeserializeMiddleware } from '@smithy/types';
import { accessDeniedResponse } from './access-denied';
import { invokedFunction } from './local-function';
import { requestedActions } from './requested-actions';

/**
 * IAM for the functions' AWS calls, as the local cloud runs them: each call is authorised against the role of
 * the function being invoked. A refused call never leaves the process: the guard answers with the service's
 * own AccessDeniedException response, which the SDK's deserialiser turns into exactly the error a real
 * denial gives. Calls made outside any invocation (a test or a script writing the table itself) belong to
 * no function, and go through.
 */
// biome-ignore lint/suspicious/noExplicitAny: one middleware guards clients of every input and output type.
const iamGuard: DeserializeMiddleware<any, any> = (next, context) => async (args) => {
  const fn = invokedFunction();
  if (!fn) return next(args);
  const { service, actions } = requestedActions(
    {
      clientName: String(context.clientName),
      commandName: String(context.commandName),
      input: args.input as Record<string, unknown>,
    },
    fn,
  );
  const denied = actions.find((requested) => !fn.allowedActions.has(requested.action));
  if (denied) {
    fn.recordGrantUse?.({ route: fn.routeKey, action: denied.action, allowed: false });
    return {
      response: accessDeniedResponse(service, fn, denied),
    } as DeserializeHandlerOutput<object>;
  }
  for (const { action } of actions) fn.recordGrantUse?.({ route: fn.routeKey, action, allowed: true });
  return next(args);
};

let installed = false;

/** Puts the guard on every AWS client the functions make (functions/src/aws), once per process. */
export function installIamGuard(): void {
  if (installed) return;
  installed = true;
  addMiddlewareToAwsClients({
    applyToStack: (stack) =>
      // In the deserialize step, so that a refusal is read as the service's response; low priority, so that
      // it runs after the deserialiser has handed the request on, closest to where it would go on the wire.
      stack.add(iamGuard, { name: 'localCloudIamGuard', step: 'deserialize', priority: 'low' }),
  });
}
