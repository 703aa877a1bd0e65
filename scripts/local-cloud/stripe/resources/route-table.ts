import type { AccountState } from './account-state';
import type { Params } from './params';

/** One API request as a resource's route sees it. */
export interface RouteRequest {
  params: Params;
  /** The object the path names (`/v1/customers/:id`); '' on a collection. */
  id: string;
  /** The collection's URL, as a list answer names it (`/v1/customers`). */
  url: string;
}

type Route = (account: AccountState, request: RouteRequest) => unknown;

/**
 * A resource's endpoints, keyed `METHOD collection[/:id][/action]` (e.g. `POST checkout/sessions/:id/expire`);
 * the API finds a request's route by that key.
 */
export type RouteTable = Readonly<Record<string, Route>>;
