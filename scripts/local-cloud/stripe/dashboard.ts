import { escapeHtml } from '../cognito/hosted-ui';
import { formatAmount } from './checkout-page';
import type { StripeData } from './store';

/**
 * A small stand-in for Stripe's dashboard: the subscriptions, with buttons that renew them (paid or failed:
 * customer.subscription.updated) or cancel them (customer.subscription.deleted), and the recent webhook deliveries.
 */
export function renderDashboard(data: StripeData): string {
  const subscriptions = Object.values(data.subscriptions).sort((a, b) => b.created - a.created);
  const rows = subscriptions
    .map((subscription) => {
      const customer = data.customers[subscription.customer];
      const item = subscription.items.data[0];
      const price = item
        ? `${formatAmount(item.price.unit_amount, item.price.currency)} / ${item.price.recurring.interval}`
        : '';
      const button = (name: string, label: string) =>
        `<form method="post" action="/dashboard/subscriptions/${escapeHtml(subscription.id)}/${name}"><button type="submit">${label}</button></form>`;
      const action =
        subscription.status === 'canceled'
          ? ''
          : `<div class="actions">${button('renewal-succeeds', 'Renewal paid')}${button('renewal-fails', 'Renewal fails')}${button('cancel', 'Cancel')}</div>`;
      return `<tr><td>${escapeHtml(customer?.email ?? subscription.customer)}</td><td>${escapeHtml(price)}</td><td>${escapeHtml(subscription.status)}</td><td><code>${escapeHtml(subscription.id)}</code></td><td>${action}</td></tr>`;
    })
    .join('');
  const deliveries = [...data.deliveries]
    .reverse()
    .slice(0, 20)
    .map(
      (delivery) =>
        `<tr><td>${escapeHtml(delivery.type)}</td><td><code>${escapeHtml(delivery.eventId)}</code></td><td>${delivery.status ?? escapeHtml(delivery.error ?? 'failed')}</td><td>${delivery.attempts}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local Stripe</title><style>
  body { margin:0; padding:32px 24px; background:#fdf6f4; color:#2f2430; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
  main { max-width:960px; margin:0 auto; }
  table { width:100%; border-collapse:collapse; background:#fff; border:1px solid #e6dbe0; border-radius:12px; margin:0 0 32px; }
  th, td { text-align:left; padding:10px 12px; border-bottom:1px solid #e6dbe0; }
  .actions { display:flex; gap:6px; flex-wrap:wrap; }
  button { border:0; border-radius:999px; padding:6px 14px; background:#a93a5c; color:#fff; font:inherit; cursor:pointer; }
  button:focus-visible { outline:2px solid #7a2d8f; outline-offset:2px; }
</style></head><body><main>
<h1>Local Stripe</h1>
<h2>Subscriptions</h2>
<table><thead><tr><th>Customer</th><th>Price</th><th>Status</th><th>Id</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5">No subscriptions yet.</td></tr>'}</tbody></table>
<h2>Webhook deliveries</h2>
<table><thead><tr><th>Event</th><th>Id</th><th>Response</th><th>Attempts</th></tr></thead><tbody>${deliveries || '<tr><td colspan="4">No deliveries yet.</td></tr>'}</tbody></table>
</main></body></html>`;
}
