import { escapeHtml } from '../cognito/hosted-ui';
import type { StripeAccount } from './account';
import { formatAmount } from './checkout-page';
import type { WebhookSettings } from './webhooks';

/**
 * A small stand-in for Stripe's dashboard: the test clocks (advance one), how webhooks are delivered (delay,
 * shuffle, duplicates, lost types, hold), the subscriptions with Cancel and Run simulation buttons (a new test
 * clock for her customer, as Stripe's dashboard offers), and every recent webhook delivery with its attempts.
 */
export function renderDashboard(
  account: StripeAccount,
  webhooks: Readonly<WebhookSettings> | undefined,
  page: { confirmationDelayMs: number; notice?: string | undefined },
): string {
  const data = account.data;
  const dateTime = (seconds: number) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(seconds * 1000),
    );
  const subscriptions = Object.values(data.subscriptions).sort((a, b) => b.created - a.created);
  const rows = subscriptions
    .map((subscription) => {
      const customer = data.customers[subscription.customer];
      const item = subscription.items.data[0];
      const price = item
        ? `${formatAmount(item.price.unit_amount, item.price.currency)} / ${item.price.recurring.interval}`
        : '';
      const end = item ? dateTime(item.current_period_end) : '';
      const cancelling = subscription.cancel_at_period_end || subscription.cancel_at !== null;
      const live = ['trialing', 'active', 'past_due', 'unpaid'].includes(subscription.status);
      const action = (name: string, label: string) =>
        `<form method="post" action="/dashboard/subscriptions/${escapeHtml(subscription.id)}/${name}"><button type="submit">${label}</button></form>`;
      const buttons = [
        live ? action('cancel', 'Cancel now') : '',
        live && customer && !customer.test_clock ? action('simulate', 'Run simulation') : '',
      ].join('');
      const clock = customer?.test_clock ? `<code>${escapeHtml(customer.test_clock)}</code>` : 'real time';
      return `<tr><td>${escapeHtml(customer?.email ?? subscription.customer)}</td><td>${escapeHtml(price)}</td><td>${escapeHtml(subscription.status)}${cancelling ? ' (cancels at period end)' : ''}</td><td>${escapeHtml(end)}</td><td>${clock}</td><td><code>${escapeHtml(subscription.id)}</code></td><td>${buttons}</td></tr>`;
    })
    .join('');
  const clocks = account
    .testClocks()
    .map((clock) => {
      const customers = account
        .customersOn(clock.id)
        .map((customer) => escapeHtml(customer.email ?? customer.id))
        .join(', ');
      const advanceTo = `/dashboard/test-clocks/${escapeHtml(clock.id)}/advance`;
      const target = clock.status_details.advancing?.target_frozen_time;
      const state = target === undefined ? 'ready' : `advancing to ${escapeHtml(dateTime(target))}`;
      return `<tr><td>${escapeHtml(clock.name ?? '')} <code>${escapeHtml(clock.id)}</code></td><td>${escapeHtml(dateTime(clock.frozen_time))}</td><td>${state}</td><td>${customers}</td><td>
<form method="post" action="${advanceTo}" class="clock"><label>Advance by <input name="days" type="number" min="0" step="any" value="1"> days</label><button type="submit">Advance</button></form>
<form method="post" action="${advanceTo}" class="clock"><input type="hidden" name="to" value="next-period-end"><button type="submit">Advance past the next period end</button></form></td></tr>`;
    })
    .join('');
  const deliveries = [...data.deliveries]
    .reverse()
    .slice(0, 50)
    .map((delivery) => {
      const attempts = delivery.attempts
        .map((attempt) => escapeHtml(String(attempt.status ?? attempt.error ?? 'no answer')))
        .join(', ');
      const next = delivery.nextAttemptAt ? new Date(delivery.nextAttemptAt).toISOString().slice(11, 19) : '';
      return `<tr><td>${escapeHtml(delivery.type)}${delivery.duplicate ? ' (duplicate)' : ''}</td><td><code>${escapeHtml(delivery.eventId)}</code></td><td>${escapeHtml(delivery.state)}</td><td>${attempts}</td><td>${escapeHtml(next)}</td></tr>`;
    })
    .join('');
  const settings = webhooks
    ? `<form method="post" action="/dashboard/webhooks" class="settings">
<label>Delay (ms) <input name="delayMs" type="number" min="0" value="${webhooks.delayMs}"></label>
<label><input name="shuffle" type="checkbox"${webhooks.shuffle ? ' checked' : ''}> Shuffle the events of a change</label>
<label>Duplicate share (0 to 1) <input name="duplicateRate" type="number" min="0" max="1" step="0.05" value="${webhooks.duplicateRate}"></label>
<label>Lose these event types <input name="lose" value="${escapeHtml(webhooks.lose.join(', '))}" placeholder="customer.subscription.deleted"></label>
<label><input name="hold" type="checkbox"${webhooks.hold ? ' checked' : ''}> Hold deliveries</label>
<button type="submit">Save</button>
</form>
<p class="note">Retries after a non-2xx answer wait ${webhooks.retryDelaysMs.map((ms) => `${ms / 1000} s`).join(', ')} (Stripe's three days, compressed).</p>
<form method="post" action="/dashboard/webhooks/release"><button type="submit">Release held deliveries</button></form>`
    : '<p>No webhook endpoint: events are kept, not sent.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local Stripe</title><style>
  body { margin:0; padding:32px 24px; background:#fdf6f4; color:#2f2430; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
  main { max-width:1080px; margin:0 auto; }
  table { width:100%; border-collapse:collapse; background:#fff; border:1px solid #e6dbe0; border-radius:12px; margin:0 0 32px; }
  th, td { text-align:left; padding:10px 12px; border-bottom:1px solid #e6dbe0; vertical-align:top; }
  .settings, .clock { display:flex; gap:16px; flex-wrap:wrap; align-items:center; margin:0 0 12px; }
  input { font:inherit; padding:4px 8px; border:1px solid #d8c9cf; border-radius:8px; }
  input[type=number] { width:7em; }
  button { border:0; border-radius:999px; padding:6px 14px; background:#a93a5c; color:#fff; font:inherit; cursor:pointer; }
  button:focus-visible, input:focus-visible { outline:2px solid #7a2d8f; outline-offset:2px; }
  .note { color:#665563; }
  .notice { padding:8px 12px; border-radius:8px; background:#fbe3e8; }
</style></head><body><main>
<h1>Local Stripe</h1>
${page.notice ? `<p class="notice" role="alert">${escapeHtml(page.notice)}</p>` : ''}
<h2>Test clocks</h2>
<p>Real time: <strong>${escapeHtml(dateTime(account.now()))}</strong> (UTC). A customer on a test clock lives at its time instead; <em>Run simulation</em> on a subscription puts her customer on a new one.</p>
<table><thead><tr><th>Clock</th><th>Frozen time (UTC)</th><th>Status</th><th>Customers</th><th></th></tr></thead><tbody>${clocks || '<tr><td colspan="5">No test clocks.</td></tr>'}</tbody></table>
<h2>Payments</h2>
<form method="post" action="/dashboard/payments" class="settings">
<label>Confirm a Checkout payment after (ms) <input name="confirmationDelayMs" type="number" min="0" value="${page.confirmationDelayMs}"></label>
<button type="submit">Save</button>
</form>
<p class="note">0: paid before the browser is sent back. More: she is back in the app while the subscription is still incomplete.</p>
<h2>Webhooks</h2>
${settings}
<h2>Subscriptions</h2>
<table><thead><tr><th>Customer</th><th>Price</th><th>Status</th><th>Period ends</th><th>Clock</th><th>Id</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="7">No subscriptions yet.</td></tr>'}</tbody></table>
<h2>Webhook deliveries</h2>
<table><thead><tr><th>Event</th><th>Id</th><th>State</th><th>Answers</th><th>Next attempt (UTC)</th></tr></thead><tbody>${deliveries || '<tr><td colspan="5">No deliveries yet.</td></tr>'}</tbody></table>
</main></body></html>`;
}
