import { escapeHtml } from '../cognito/hosted-ui';
import type { CheckoutSession, Price } from './objects';

/** The hosted Checkout page, in Bloom's colours, with Stripe's layout: order summary beside a card form. */

export interface CheckoutPageInput {
  session: CheckoutSession;
  prices: readonly Price[];
  email: string | null;
  values?: { number?: string; expiry?: string; cvc?: string; name?: string };
  error?: { field: 'number' | 'expiry' | 'cvc' | 'form'; message: string };
}

const STYLES = `
  :root { color-scheme: light; --ink:#2f2430; --muted:#665563; --line:#e6dbe0; --accent:#a93a5c; --accent-soft:#fbeae6; --bg:#fdf6f4; --card:#fff; --error:#b3261e; --focus:#7a2d8f; }
  * { box-sizing:border-box; }
  body { margin:0; min-height:100vh; background:var(--bg); color:var(--ink); font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
  .layout { max-width:920px; margin:0 auto; padding:40px 24px; display:grid; gap:40px; grid-template-columns:1fr 1fr; align-items:start; }
  @media (max-width:767px) { .layout { grid-template-columns:1fr; gap:24px; padding:24px 16px; } }
  .back { display:inline-flex; gap:6px; align-items:center; color:var(--muted); text-decoration:none; font-size:15px; }
  .back:hover { color:var(--ink); }
  a:focus-visible, button:focus-visible, input:focus-visible { outline:2px solid var(--focus); outline-offset:2px; }
  .product { margin:28px 0 4px; color:var(--muted); font-size:16px; }
  .amount { font-size:40px; font-weight:600; margin:0; letter-spacing:-.01em; }
  .amount small { font-size:15px; font-weight:400; color:var(--muted); }
  .features { margin:20px 0 0; padding:0; list-style:none; color:var(--muted); }
  .features li::before { content:"🌸"; margin-right:8px; }
  form { background:var(--card); border:1px solid var(--line); border-radius:20px; padding:28px; box-shadow:0 12px 40px rgba(47,36,48,.08); }
  h1 { font-size:20px; font-weight:600; margin:0 0 16px; }
  label { display:block; font-size:14px; font-weight:600; margin:0 0 6px; }
  .field { margin-bottom:16px; }
  .row { display:grid; grid-template-columns:1fr 1fr; gap:12px; }
  input { width:100%; padding:12px 14px; border:1px solid #d8c9cf; border-radius:12px; font:inherit; color:inherit; background:#fff; }
  input[readonly] { background:var(--bg); color:var(--muted); }
  input[aria-invalid="true"] { border-color:var(--error); }
  .error { color:var(--error); font-size:14px; margin:6px 0 0; }
  .alert { background:#fdecea; color:var(--error); border-radius:12px; padding:10px 14px; margin:0 0 16px; font-size:15px; }
  .pay { width:100%; margin-top:8px; padding:14px 16px; border:0; border-radius:999px; background:var(--accent); color:#fff; font:inherit; font-weight:600; cursor:pointer; }
  .pay:hover { filter:brightness(.95); }
  .note { margin:16px 0 0; font-size:13px; color:var(--muted); text-align:center; }
  .test { display:inline-block; background:var(--accent-soft); color:var(--accent); border-radius:999px; padding:2px 10px; font-size:12px; font-weight:600; margin-left:8px; }
`;

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** A page of the emulator's own (Checkout, the portal, an invoice) in Bloom's colours. */
export function page(title: string, body: string, extraStyles = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLES}${extraStyles}</style></head><body>${body}</body></html>`;
}

type CardFormState = Pick<CheckoutPageInput, 'values' | 'error'>;

function input(
  id: 'number' | 'expiry' | 'cvc' | 'name',
  label: string,
  attributes: string,
  page: CardFormState,
): string {
  const error = page.error?.field === id ? page.error.message : undefined;
  const value = page.values?.[id] ?? '';
  return `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${id}" ${attributes} value="${escapeHtml(value)}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${error ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** The card number, expiry, security code and name fields, with what was typed and the error, if any. */
export function cardFields(state: CardFormState): string {
  return `${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required', state)}
<div class="row">
${input('expiry', 'Expiry (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required', state)}
${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required', state)}
</div>
${input('name', 'Name on card', 'autocomplete="cc-name" required', state)}`;
}

export function renderCheckoutPage(input_: CheckoutPageInput): string {
  const { session } = input_;
  const price = input_.prices.find((entry) => entry.id === session.line_items_internal[0]?.price);
  const interval = price?.recurring.interval ?? 'month';
  const cancel = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}"><span aria-hidden="true">←</span> Back to Bloom</a>`
    : '';
  const formError =
    input_.error?.field === 'form'
      ? `<p class="alert" role="alert">${escapeHtml(input_.error.message)}</p>`
      : '';
  return page(
    'Subscribe to Bloom Pro',
    `<div class="layout">
<section aria-labelledby="summary">
${cancel}
<p class="product" id="summary">Subscribe to Bloom Pro <span class="test">TEST MODE</span></p>
<p class="amount">${formatAmount(session.amount_total, session.currency)} <small>per ${interval}</small></p>
<ul class="features"><li>Unlimited daily planning</li><li>Create custom self-care actions</li><li>Personal AI coach</li></ul>
</section>
<form method="post" action="/checkout/${escapeHtml(session.id)}" novalidate>
<h1>Pay with card</h1>
${formError}
<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(input_.email ?? '')}"${input_.email ? ' readonly' : ' required'}></div>
${cardFields(input_)}
<button class="pay" type="submit">Subscribe</button>
<p class="note">Local Stripe: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. Any future date, any CVC.</p>
</form>
</div>`,
  );
}

export function renderMessagePage(
  title: string,
  message: string,
  link?: { href: string; label: string },
): string {
  return page(
    title,
    `<div class="layout"><form><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</form></div>`,
  );
}
