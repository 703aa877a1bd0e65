import { missingParam, noSuch } from '../errors';
import { newId, type PortalSession, publicView } from '../objects';
import type { AccountState } from './account-state';
import { optionalString, type Params } from './params';
import type { RouteTable } from './route-table';

/** Customer-portal sessions: a link to the portal (portal-page.ts) for one customer, short-lived. */

/** A portal link must be opened within five minutes; once opened, the session lasts an hour. */
const PORTAL_LINK_SECONDS = 5 * 60;
const PORTAL_SESSION_SECONDS = 60 * 60;

function createPortalSession(account: AccountState, params: Params): PortalSession {
  const customerId = optionalString(params, 'customer');
  if (!customerId) throw missingParam('customer');
  if (!account.data.customers[customerId]) throw noSuch('customer', customerId, 'customer');
  // A portal link lives in real time, even for a customer on a test clock: a browser opens it, not a simulation.
  const created = account.now();
  const id = newId('bps');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_bloom_local',
    created,
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: optionalString(params, 'return_url'),
    url: `${account.options.origin}/p/session/${id}`,
    expires_at_internal: created + PORTAL_LINK_SECONDS,
  };
  account.data.portalSessions[id] = session;
  account.save();
  return session;
}

/** The portal session behind a link, or undefined when it does not exist or has expired. */
export function openPortalSession(account: AccountState, id: string): PortalSession | undefined {
  const session = account.data.portalSessions[id];
  if (!session || session.expires_at_internal < account.now()) return undefined;
  // Opening the link starts the session proper, which lasts a while longer.
  const until = Math.max(session.expires_at_internal, session.created + PORTAL_SESSION_SECONDS);
  if (session.expires_at_internal !== until) {
    session.expires_at_internal = until;
    account.save();
  }
  return session;
}

export const portalSessionRoutes: RouteTable = {
  'POST billing_portal/sessions': (account, { params }) => publicView(createPortalSession(account, params)),
};
