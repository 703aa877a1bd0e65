import type { ClientMiddleware } from './client-middleware';
import { requestGateMiddleware } from './request-gate';

/**
 * Every AWS SDK client the functions use is made in this folder and passes through `instrumented`, so that
 * middleware reaches all of them in one place: the request gate (request-gate.ts) everywhere, and whatever
 * runs the functions may add its own: in Lambda nothing does; the local cloud adds its IAM guard, which refuses
 * what the function's role would not allow.
 */

interface Instrumentable {
  middlewareStack: { use(middleware: ClientMiddleware): void };
}

const middlewares: ClientMiddleware[] = [requestGateMiddleware];
const clients: Instrumentable[] = [];

/** Registers a new client: it gets the middleware added so far and any added later. */
export function instrumented<C extends Instrumentable>(client: C): C {
  clients.push(client);
  for (const middleware of middlewares) client.middlewareStack.use(middleware);
  return client;
}

/** Adds middleware to every client made so far and every client made from now on. */
export function addMiddlewareToAwsClients(middleware: ClientMiddleware): void {
  middlewares.push(middleware);
  for (const client of clients) client.middlewareStack.use(middleware);
}
