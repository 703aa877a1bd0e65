import { colourFor, initialsOf } from './avatar';
import type { User } from './users';

export interface AccountPageInput {
  /** Where the form posts: the authorize URL itself, so the OAuth parameters travel along. */
  formAction: string;
  accounts: readonly Pick<User, 'email' | 'name' | 'sub'>[];
  values?: { email?: string; name?: string };
  errors?: { email?: string; name?: string };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const GOOGLE_LOGO = `<svg width="24" height="24" viewBox="0 0 48 48" aria-hidden="true"><path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.9 6.2C12.4 13.7 17.7 9.5 24 9.5z"/><path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.4-4.7 7l7.6 5.9c4.4-4.1 6.8-10.1 6.8-17.4z"/><path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C.9 16.6 0 20.2 0 24s.9 7.4 2.6 10.8l7.9-6.2z"/><path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.2 2.3-6.3 0-11.6-4.2-13.5-10l-7.9 6.2C6.6 42.6 14.6 48 24 48z"/></svg>`;

const STYLES = `
  :root { color-scheme: light; --ink:#3D3530; --muted:#7A6E66; --line:#EADFD6; --accent:#C97B5A; --accent-ink:#fff; --bg:#FBF6F0; --card:#fff; --error:#B3261E; }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; padding:24px; background:radial-gradient(circle at 20% 10%, #F6E7DA 0, var(--bg) 45%), var(--bg); color:var(--ink); font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; }
  main { width:100%; max-width:420px; background:var(--card); border:1px solid var(--line); border-radius:20px; padding:36px 32px 28px; box-shadow:0 12px 40px rgba(61,53,48,.08); }
  .brand { display:flex; align-items:center; gap:10px; font-size:15px; color:var(--muted); }
  h1 { font-size:24px; font-weight:500; margin:18px 0 4px; }
  .lead { margin:0 0 24px; color:var(--muted); }
  h2 { font-size:14px; font-weight:600; letter-spacing:.02em; color:var(--muted); margin:0 0 8px; }
  ul { list-style:none; margin:0 0 24px; padding:0; border:1px solid var(--line); border-radius:14px; overflow:hidden; }
  li + li { border-top:1px solid var(--line); }
  .account { width:100%; display:flex; align-items:center; gap:12px; padding:12px 14px; background:none; border:0; text-align:left; font:inherit; color:inherit; cursor:pointer; }
  .account:hover, .account:focus-visible { background:#FBF3EC; outline:none; }
  .initials { flex:none; width:36px; height:36px; border-radius:50%; display:grid; place-items:center; color:#fff; font-weight:600; font-size:14px; }
  .who { display:flex; flex-direction:column; min-width:0; }
  .who span:last-child { color:var(--muted); font-size:14px; overflow:hidden; text-overflow:ellipsis; }
  label { display:block; font-size:14px; font-weight:600; margin:0 0 6px; }
  input { width:100%; padding:12px 14px; border:1px solid #D9CCC1; border-radius:12px; font:inherit; color:inherit; background:#fff; }
  input:focus { outline:2px solid var(--accent); outline-offset:1px; border-color:transparent; }
  input[aria-invalid="true"] { border-color:var(--error); }
  .field { margin-bottom:16px; }
  .error { color:var(--error); font-size:14px; margin:6px 0 0; }
  .continue { width:100%; margin-top:8px; padding:12px 16px; border:0; border-radius:999px; background:var(--accent); color:var(--accent-ink); font:inherit; font-weight:600; cursor:pointer; }
  .continue:hover { filter:brightness(.95); }
  .continue:focus-visible { outline:2px solid var(--ink); outline-offset:2px; }
  .note { margin:20px 0 0; font-size:13px; color:var(--muted); text-align:center; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:image/svg+xml,${encodeURIComponent(GOOGLE_LOGO.replace(' aria-hidden="true"', ' xmlns="http://www.w3.org/2000/svg"'))}"><style>${STYLES}</style></head><body><main>${body}</main></body></html>`;
}

function field(
  id: 'email' | 'name',
  label: string,
  type: string,
  autocomplete: string,
  input: AccountPageInput,
) {
  const error = input.errors?.[id];
  const value = input.values?.[id] ?? '';
  return `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(value)}" required${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

/** Stands in for Google's account chooser: known accounts are one click, or enter another one. */
export function renderAccountPage(input: AccountPageInput): string {
  const action = escapeHtml(input.formAction);
  const accounts = input.accounts.length
    ? `<h2>Choose an account</h2><form method="post" action="${action}"><ul>${input.accounts
        .map(
          (account) =>
            `<li><button class="account" type="submit" name="account" value="${escapeHtml(account.email)}"><span class="initials" style="background:${colourFor(account.sub)}" aria-hidden="true">${escapeHtml(initialsOf(account.name))}</span><span class="who"><span>${escapeHtml(account.name)}</span><span>${escapeHtml(account.email)}</span></span></button></li>`,
        )
        .join('')}</ul></form><h2>Or use another account</h2>`
    : '';
  return page(
    'Sign in - Google Accounts',
    `<div class="brand">${GOOGLE_LOGO}<span>Sign in with Google</span></div>
<h1>Continue with Google</h1>
<p class="lead">to continue to Bloom</p>
${accounts}<form method="post" action="${action}" novalidate>
${field('email', 'Email', 'email', 'email', input)}
${field('name', 'Full name', 'text', 'name', input)}
<button class="continue" type="submit">Continue</button>
</form>
<p class="note">Local sign-in: on your machine this page stands in for Google.</p>`,
  );
}

export function renderErrorPage(message: string): string {
  return page(
    'Sign-in error',
    `<div class="brand">${GOOGLE_LOGO}<span>Sign in with Google</span></div><h1>Something went wrong</h1><p class="lead">${escapeHtml(message)}</p>`,
  );
}
