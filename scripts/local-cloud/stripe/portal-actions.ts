import type { IncomingMessage, ServerResponse } from 'node:http';
import { queryOf, readForm, seeOther, sendHtml } from '../http';
import type { StripeAccount } from './account';
import { cardFormOf, checkCard } from './cards';
import { renderMessagePage } from './checkout-page';
import { ignoreStripeErrors } from './errors';
import type { PortalSession } from './objects';
import { renderPortalPage } from './portal-page';

/**
 * The customer portal at `/p/session/{id}`: shows her plan, card and invoices, and does what its buttons ask
 * (cancel at period end, cancel now, renew, a new card), then shows the page again with what was done.
 */

/** What each action says once done, by the action's name; a name not here is no portal action. */
const PORTAL_NOTICES: Record<string, string> = {
  cancel: 'Your plan will be canceled at the end of the billing period.',
  cancel_now: 'Your plan has been canceled.',
  renew: 'Your plan has been renewed.',
  update_card: 'Your card has been updated.',
};

export async function handlePortalPage(
  account: StripeAccount,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const session = account.openPortalSession(id);
  if (!session) {
    return sendHtml(
      res,
      404,
      renderMessagePage(
        'This link has expired',
        'Portal links work for a few minutes. Please open Manage subscription in Bloom again.',
      ),
    );
  }
  if (req.method !== 'POST') {
    const done = new URLSearchParams(queryOf(req)).get('done') ?? '';
    return sendHtml(res, 200, renderPortalPage({ session, account, notice: PORTAL_NOTICES[done] }));
  }
  const form = await readForm(req);
  const action = form.get('action') ?? '';
  const handled =
    action === 'update_card'
      ? updateCard(account, session, form, res)
      : changePlan(account, session, action, form.get('subscription') ?? '', res);
  if (handled) seeOther(res, `/p/session/${session.id}?done=${action}`);
}

/** "Update payment method": a card the form accepts replaces hers; returns false once it answered a refusal. */
function updateCard(
  account: StripeAccount,
  session: PortalSession,
  form: URLSearchParams,
  res: ServerResponse,
) {
  const values = cardFormOf(form);
  const verdict = checkCard(values, new Date(account.now() * 1000));
  if (!verdict.ok) {
    sendHtml(
      res,
      402,
      renderPortalPage({ session, account, card: { values: { ...values, cvc: '' }, error: verdict } }),
    );
    return false;
  }
  account.updateCard(session.customer, verdict, values.name.trim() || null);
  return true;
}

/** Cancel at period end, cancel now, or renew one of her subscriptions; returns false once it answered a refusal. */
function changePlan(
  account: StripeAccount,
  session: PortalSession,
  action: string,
  subscriptionId: string,
  res: ServerResponse,
): boolean {
  const subscription = account.data.subscriptions[subscriptionId];
  if (!subscription || subscription.customer !== session.customer || !(action in PORTAL_NOTICES)) {
    sendHtml(res, 400, renderMessagePage('Something went wrong', 'That cannot be done here.'));
    return false;
  }
  ignoreStripeErrors(() => {
    if (action === 'cancel') account.updateSubscription(subscription.id, { cancel_at_period_end: 'true' });
    if (action === 'renew')
      account.updateSubscription(
        subscription.id,
        subscription.cancel_at !== null ? { cancel_at: '' } : { cancel_at_period_end: 'false' },
      );
    if (action === 'cancel_now') account.cancelSubscription(subscription.id);
  });
  return true;
}
