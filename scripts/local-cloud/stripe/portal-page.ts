import { escapeHtml } from '../cognito/hosted-ui';
import type { StripeAccount } from './account';
import type { CheckoutPageInput } from './checkout-page';
import { cardFields, formatAmount, page } from './checkout-page';
import type { Invoice, PortalSession, Subscription } from './objects';

/**
 * The customer portal, as Stripe hosts it at billing.stripe.com: her plan with cancel (at the period's end or
 * at once) and renew, her card with a form to replace it, and her invoices. Every action is a plain form POST
 * to the session's own address, followed by a redirect back to it.
 */

const PORTAL_STYLES = `
  .portal { max-width:720px; margin:0 auto; padding:32px 20px 48px; }
  .portal h1 { font-size:24px; margin:16px 0 24px; }
  .portal h2 { font-size:17px; margin:0 0 12px; }
  .portal section { background:var(--card); border:1px solid var(--line); border-radius:20px; padding:24px; margin:0 0 20px; }
  .portal form { background:none; border:0; box-shadow:none; padding:0; }
  .portal .inline { display:inline; }
  .portal .actions { display:flex; gap:10px; flex-wrap:wrap; margin-top:16px; }
  .portal .secondary { background:#fff; color:var(--accent); border:1px solid var(--accent); }
  .portal .pay { width:auto; margin-top:0; }
  .portal .status { color:var(--muted); margin:4px 0 0; }
  .portal .notice { background:var(--accent-soft); border-radius:12px; padding:10px 14px; margin:0 0 20px; }
  .portal table { width:100%; border-collapse:collapse; }
  .portal th, .portal td { text-align:left; padding:8px 6px; border-bottom:1px solid var(--line); font-size:15px; }
`;

export interface PortalPageInput {
  session: PortalSession;
  account: StripeAccount;
  notice?: string;
  card?: Pick<CheckoutPageInput, 'values' | 'error'>;
}

const longDate = (seconds: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000));

/** The subscription the portal is about: a live one if she has one, else her newest. */
export function portalSubscription(account: StripeAccount, customerId: string): Subscription | undefined {
  const subscriptions = account.subscriptionsOf(customerId);
  return (
    subscriptions.find((subscription) =>
      ['trialing', 'active', 'past_due', 'unpaid'].includes(subscription.status),
    ) ?? subscriptions[0]
  );
}

export function renderPortalPage(input: PortalPageInput): string {
  const { session, account } = input;
  const customer = account.customer(session.customer);
  const subscription = portalSubscription(account, customer.id);
  const back = session.return_url
    ? `<a class="back" href="${escapeHtml(session.return_url)}"><span aria-hidden="true">←</span> Return to Bloom</a>`
    : '';
  const notice = input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : '';
  return page(
    'Bloom Pro · Manage your subscription',
    `<main class="portal">
${back}
<h1>Manage your subscription <span class="test">TEST MODE</span></h1>
${notice}
${planSection(session, subscription)}
${cardSection(session, account, subscription, input.card)}
${invoiceSection(account.invoicesOfCustomer(customer.id))}
</main>`,
    PORTAL_STYLES,
  );
}

function action(session: PortalSession, subscription: Subscription, name: string, label: string, style = '') {
  return `<form class="inline" method="post" action="/p/session/${escapeHtml(session.id)}"><input type="hidden" name="action" value="${name}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button class="pay${style}" type="submit">${label}</button></form>`;
}

function planSection(session: PortalSession, subscription: Subscription | undefined): string {
  if (!subscription) {
    return '<section aria-labelledby="plan"><h2 id="plan">Current plan</h2><p>You have no subscription.</p></section>';
  }
  const item = subscription.items.data[0];
  const price = item
    ? `${formatAmount(item.price.unit_amount, item.price.currency)} per ${item.price.recurring.interval}`
    : '';
  const end = Math.max(...subscription.items.data.map((entry) => entry.current_period_end));
  const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? end : null);
  const live = ['trialing', 'active', 'past_due', 'unpaid'].includes(subscription.status);
  let status: string;
  let actions = '';
  if (!live) {
    status =
      subscription.status === 'canceled'
        ? `Canceled${subscription.ended_at ? ` on ${longDate(subscription.ended_at)}` : ''}`
        : `Status: ${subscription.status}`;
  } else if (cancelAt !== null) {
    status = `Cancels on ${longDate(cancelAt)}`;
    actions = action(session, subscription, 'renew', 'Renew plan');
  } else {
    status =
      subscription.status === 'past_due'
        ? 'Past due: your last payment failed. Update your card below to pay it.'
        : `Renews on ${longDate(end)}`;
    actions = `${action(session, subscription, 'cancel', 'Cancel at period end')}${action(session, subscription, 'cancel_now', 'Cancel immediately', ' secondary')}`;
  }
  return `<section aria-labelledby="plan"><h2 id="plan">Current plan</h2>
<p><strong>Bloom Pro</strong> · ${escapeHtml(price)}</p>
<p class="status">${escapeHtml(status)}</p>
${actions ? `<div class="actions">${actions}</div>` : ''}
</section>`;
}

function cardSection(
  session: PortalSession,
  account: StripeAccount,
  subscription: Subscription | undefined,
  card: PortalPageInput['card'],
): string {
  const customer = account.customer(session.customer);
  const current =
    account.data.paymentMethods[
      subscription?.default_payment_method ?? customer.invoice_settings.default_payment_method ?? ''
    ];
  const described = current
    ? `${current.card.brand[0]?.toUpperCase()}${current.card.brand.slice(1)} •••• ${current.card.last4}, expires ${String(current.card.exp_month).padStart(2, '0')}/${current.card.exp_year}`
    : 'No card on file.';
  const formError =
    card?.error?.field === 'form'
      ? `<p class="alert" role="alert">${escapeHtml(card.error.message)}</p>`
      : '';
  return `<section aria-labelledby="card"><h2 id="card">Payment method</h2>
<p>${escapeHtml(described)}</p>
<form method="post" action="/p/session/${escapeHtml(session.id)}" novalidate aria-label="Update card">
<input type="hidden" name="action" value="update_card">
${formError}
${cardFields(card ?? {})}
<button class="pay" type="submit">Update card</button>
<p class="note">4242 4242 4242 4242 pays; 4000 0000 0000 0341 is saved but its charges fail.</p>
</form>
</section>`;
}

function invoiceSection(invoices: readonly Invoice[]): string {
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(longDate(invoice.created))}</td><td>${escapeHtml(formatAmount(invoice.total, invoice.currency))}</td><td>${escapeHtml(invoice.status)}</td><td><a href="${escapeHtml(invoice.hosted_invoice_url)}">View invoice ${escapeHtml(invoice.number)}</a></td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="invoices"><h2 id="invoices">Invoice history</h2>
${rows ? `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Invoice</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No invoices yet.</p>'}
</section>`;
}

/** The hosted invoice page: what was billed, for which period, and whether it was paid or refunded. */
export function renderInvoicePage(account: StripeAccount, invoice: Invoice): string {
  const payment = Object.values(account.data.invoicePayments).find((entry) => entry.invoice === invoice.id);
  const intent = payment ? account.data.paymentIntents[payment.payment.payment_intent] : undefined;
  const charge = intent?.latest_charge ? account.data.charges[intent.latest_charge] : undefined;
  const refunded =
    charge && charge.amount_refunded > 0 ? formatAmount(charge.amount_refunded, charge.currency) : null;
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(longDate(line.period.start))} – ${escapeHtml(longDate(line.period.end))}</td><td>${escapeHtml(formatAmount(line.amount, line.currency))}</td></tr>`,
    )
    .join('');
  return page(
    `Invoice ${invoice.number}`,
    `<main class="portal"><h1>Invoice ${escapeHtml(invoice.number)} <span class="test">TEST MODE</span></h1>
<section aria-label="Invoice">
<p>Issued ${escapeHtml(longDate(invoice.created))} · Status: <strong>${escapeHtml(invoice.status)}</strong>${refunded ? ` · Refunded ${escapeHtml(refunded)}` : ''}</p>
<table><thead><tr><th>Description</th><th>Period</th><th>Amount</th></tr></thead><tbody>${lines}</tbody></table>
<p>Total: <strong>${escapeHtml(formatAmount(invoice.total, invoice.currency))}</strong></p>
</section></main>`,
    PORTAL_STYLES,
  );
}
