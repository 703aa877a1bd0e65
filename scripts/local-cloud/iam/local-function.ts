import { AsyncLocalStorage } from 'node:async_hooks';
import { type Container, setContainerSource } from '@bloom/functions/container';
import {
  type BackgroundFunction,
  backgroundKeyOf,
  grantedActions,
  type RouteDefinition,
} from '@bloom/functions/routes';
import { LOCAL_ACCOUNT_ID } from '../gateway/event';
import { functionNameOf } from '../gateway/lambda-context';
import type { GrantUse } from './grant-usage';

/**
 * A route's Lambda function as the local cloud runs it, in this process beside the others: what its role
 * allows, and a container of its own for the state it keeps between invocations.
 */
export interface LocalFunction {
  /** As the gateway's Lambda context names it, e.g. `bloom-local-weeks-get`. */
  name: string;
  /** The route it serves, e.g. `GET /api/weeks/{weekStart}`. */
  routeKey: string;
  region: string;
  accountId: string;
  /** The IAM actions its role allows: routes.ts `grantedActions`, as the stack grants them. */
  allowedActions: ReadonlySet<string>;
  container: Container;
  /** Told of every action the guard authorises or refuses for this function (the grants test records them). */
  recordGrantUse?: (use: GrantUse) => void;
}

export function localFunctionOf(
  route: RouteDefinition,
  options: { region: string; recordGrantUse?: (use: GrantUse) => void },
): LocalFunction {
  return {
    name: functionNameOf(route),
    routeKey: `${route.method} ${route.path}`,
    region: options.region,
    accountId: LOCAL_ACCOUNT_ID,
    allowedActions: new Set(grantedActions(route)),
    container: {},
    ...(options.recordGrantUse ? { recordGrantUse: options.recordGrantUse } : {}),
  };
}

/** A scheduled or queued function (routes.ts BACKGROUND_FUNCTIONS), keyed `SCHEDULE reminders/send`. */
export function localBackgroundFunctionOf(
  fn: BackgroundFunction,
  options: { region: string; recordGrantUse?: (use: GrantUse) => void },
): LocalFunction {
  return {
    name: functionNameOf(fn),
    routeKey: backgroundKeyOf(fn),
    region: options.region,
    accountId: LOCAL_ACCOUNT_ID,
    allowedActions: new Set(grantedActions(fn)),
    container: {},
    ...(options.recordGrantUse ? { recordGrantUse: options.recordGrantUse } : {}),
  };
}

const invoked = new AsyncLocalStorage<LocalFunction>();
let containersSeparated = false;

/**
 * Runs `invocation` as `fn`: the IAM guard authorises its AWS calls against fn's role, and the functions'
 * per-container state (functions/src/container.ts) is fn's own, as if it ran in a Lambda container of its own.
 */
export function invokeAs<T>(fn: LocalFunction, invocation: () => Promise<T>): Promise<T> {
  if (!containersSeparated) {
    setContainerSource(() => invoked.getStore()?.container);
    containersSeparated = true;
  }
  return invoked.run(fn, invocation);
}

/** The function whose invocation is running, or undefined outside any (a test or a script calling AWS itself). */
export function invokedFunction(): LocalFunction | undefined {
  return invoked.getStore();
}
