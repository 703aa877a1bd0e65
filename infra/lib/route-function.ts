import type { Construct } from 'constructs';
import { type RouteDefinition, tableActionsOf } from '../../functions/src/routes.ts';
import { BloomFunction, type StageResources } from './bloom-function.ts';
import { handlerEntry } from './bundling.ts';

/**
 * One route's Lambda function: its handler module, memory, timeout, table actions and outside services as the
 * route table declares them; everything else every function shares (BloomFunction).
 */
export class RouteFunction extends BloomFunction {
  constructor(scope: Construct, id: string, props: { route: RouteDefinition; resources: StageResources }) {
    const { route } = props;
    super(scope, id, {
      resources: props.resources,
      name: route.handler,
      entry: handlerEntry(route.handler),
      memoryMb: route.memoryMb,
      timeoutSeconds: route.timeoutSeconds,
      // Its own actions and, for a write, its idempotency records' (routes.ts takesIdempotencyKey).
      tableActions: tableActionsOf(route),
      uses: route.uses,
    });
  }
}
