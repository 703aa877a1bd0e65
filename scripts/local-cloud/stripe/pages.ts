import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml } from '../http';
import { handleCheckoutPage } from './checkout-form';
import { renderMessagePage } from './checkout-page';
import { DASHBOARD_PATH, type DashboardControls, handleDashboard } from './dashboard-actions';
import { handlePortalPage } from './portal-actions';
import { renderInvoicePage } from './portal-page';

/**
 * The emulator's web pages, by path: hosted Checkout (`/checkout/{id}`), the customer portal
 * (`/p/session/{id}`), an invoice (`/invoices/{id}`) and the dashboard. Answers false for any other path.
 */
export function createPageHandler(controls: DashboardControls) {
  const { account } = controls;
  return async function handlePage(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<boolean> {
    // The pages act on the account as it is now: what fell due meanwhile happens first.
    account.catchUp();
    const checkout = /^\/checkout\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (checkout) {
      await handleCheckoutPage(account, req, res, checkout[1] as string);
      return true;
    }
    const portal = /^\/p\/session\/(bps_[A-Za-z0-9]+)$/.exec(path);
    if (portal) {
      await handlePortalPage(account, req, res, portal[1] as string);
      return true;
    }
    const invoice = /^\/invoices\/(in_[A-Za-z0-9]+)$/.exec(path);
    if ((req.method ?? 'GET') === 'GET' && invoice) {
      const found = account.data.invoices[invoice[1] as string];
      if (!found)
        sendHtml(res, 404, renderMessagePage('Something went wrong', 'This invoice does not exist.'));
      else sendHtml(res, 200, renderInvoicePage(account, found));
      return true;
    }
    if (path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)) {
      return handleDashboard(controls, req, res, path);
    }
    return false;
  };
}
