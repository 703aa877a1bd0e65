import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm, seeOther, sendHtml } from '../http';
import type { StripeAccount } from './account';
import { cardFormOf, checkCard } from './cards';
import { renderCheckoutPage, renderMessagePage } from './checkout-page';
import type { CheckoutSession } from './objects';

/**
 * The hosted Checkout page at `/checkout/{sessionId}`: shows the session (or why it can no longer be paid), and
 * its form pays it with a test card, then sends the browser to the session's success_url.
 */
export async function handleCheckoutPage(
  account: StripeAccount,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const session = account.data.sessions[id];
  if (!session) {
    return sendHtml(
      res,
      404,
      renderMessagePage('Something went wrong', 'This checkout page does not exist.'),
    );
  }
  if (session.status !== 'open') return sendHtml(res, ...closedSessionPage(session));
  const customer = session.customer ? account.data.customers[session.customer] : undefined;
  const knownEmail = customer?.email ?? session.customer_email;
  if (req.method !== 'POST') {
    return sendHtml(res, 200, renderCheckoutPage({ session, prices: account.prices(), email: knownEmail }));
  }
  await pay(account, session, knownEmail, await readForm(req), res);
}

/** A paid session's page thanks her; an expired one sends her back to Bloom. */
function closedSessionPage(session: CheckoutSession): [status: number, html: string] {
  if (session.status === 'complete') {
    return [
      200,
      renderMessagePage('Payment complete', 'This subscription is already paid. Thank you!', {
        href: successUrlOf(session.success_url, session.id),
        label: 'Return to Bloom',
      }),
    ];
  }
  return [
    410,
    renderMessagePage(
      'Session expired',
      'This checkout page has expired. Please start again from Bloom.',
      session.cancel_url ? { href: session.cancel_url, label: 'Back to Bloom' } : undefined,
    ),
  ];
}

/** The form's Pay: a card that can be charged completes the session; any other shows the form again. */
async function pay(
  account: StripeAccount,
  session: CheckoutSession,
  knownEmail: string | null,
  form: URLSearchParams,
  res: ServerResponse,
): Promise<void> {
  const values = cardFormOf(form);
  const email = knownEmail ?? (form.get('email')?.trim() || null);
  const verdict = checkCard(values, new Date(account.now() * 1000));
  // A card that can be saved but not charged fails here, where Checkout charges it at once.
  const error = !verdict.ok
    ? verdict
    : verdict.chargeDecline
      ? { field: 'number' as const, message: verdict.chargeDecline.message }
      : undefined;
  if (!verdict.ok || error) {
    // Stripe's page keeps what was typed, except the security code.
    return sendHtml(
      res,
      402,
      renderCheckoutPage({
        session,
        prices: account.prices(),
        email: knownEmail,
        values: { ...values, cvc: '' },
        ...(error ? { error } : {}),
      }),
    );
  }
  const completed = account.completeCheckout(session.id, {
    email,
    name: values.name.trim() || null,
    card: verdict,
  });
  // Its webhooks leave after this answer, never before: the browser is back in the app first.
  seeOther(res, successUrlOf(completed.success_url, completed.id));
}

/** Stripe fills in `{CHECKOUT_SESSION_ID}` in success_url. */
function successUrlOf(template: string, sessionId: string): string {
  return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}
