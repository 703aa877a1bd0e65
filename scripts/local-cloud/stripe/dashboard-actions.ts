import type { IncomingMessage, ServerResponse } from 'node:http';
import { queryOf, readForm, seeOther, sendHtml } from '../http';
import type { StripeAccount } from './account';
import { renderDashboard } from './dashboard';
import { ignoreStripeErrors, stripeErrorOf } from './errors';
import type { StripeEmulatorSettings } from './settings';
import type { WebhookQueue } from './webhooks';

/** Test clocks, webhook settings, subscriptions and deliveries, like a tiny Stripe dashboard. */
export const DASHBOARD_PATH = '/dashboard';

/** What the dashboard shows and changes besides the account. */
export interface DashboardControls {
  account: StripeAccount;
  webhooks: WebhookQueue | undefined;
  paymentConfirmationDelayMs: () => number;
  configure: (changes: Partial<StripeEmulatorSettings>) => void;
}

/** One of the dashboard's forms: does what it asks, and returns Stripe's refusal, if any, to show. */
type Action = (controls: DashboardControls, form: URLSearchParams, id: string) => string | undefined;

const SUBSCRIPTION = 'sub_[A-Za-z0-9]+';
const TEST_CLOCK = 'clock_[A-Za-z0-9]+';

/** The dashboard's forms, by the path they post to (`(…)` is the object acted on). */
const ACTIONS: [path: RegExp, action: Action][] = [
  [new RegExp(`^/dashboard/subscriptions/(${SUBSCRIPTION})/cancel$`), cancelNow],
  [new RegExp(`^/dashboard/subscriptions/(${SUBSCRIPTION})/simulate$`), runSimulation],
  [new RegExp(`^/dashboard/test-clocks/(${TEST_CLOCK})/advance$`), advanceClock],
  [/^\/dashboard\/webhooks$/, configureWebhooks],
  [/^\/dashboard\/payments$/, configurePayments],
  [/^\/dashboard\/webhooks\/release$/, ({ webhooks }) => void webhooks?.release()],
];

/** GET shows the dashboard (with the notice of the last action); a form's POST acts, then shows it again. */
export async function handleDashboard(
  controls: DashboardControls,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (req.method === 'GET' && path === DASHBOARD_PATH) {
    const notice = new URLSearchParams(queryOf(req)).get('notice') ?? undefined;
    const page = { confirmationDelayMs: controls.paymentConfirmationDelayMs(), notice };
    sendHtml(res, 200, renderDashboard(controls.account, controls.webhooks?.current, page));
    return true;
  }
  if (req.method !== 'POST') return false;
  const form = await readForm(req);
  const found = ACTIONS.map(([pattern, action]) => [pattern.exec(path), action] as const).find(
    ([match]) => match,
  );
  if (!found) return false;
  const [match, action] = found;
  const notice = action(controls, form, match?.[1] ?? '');
  seeOther(res, notice ? `${DASHBOARD_PATH}?${new URLSearchParams({ notice })}` : DASHBOARD_PATH);
  return true;
}

function cancelNow({ account }: DashboardControls, _form: URLSearchParams, subscriptionId: string) {
  ignoreStripeErrors(() => account.cancelSubscription(subscriptionId));
  return undefined;
}

/** Stripe's "Run simulation": her customer moves onto a new test clock that starts now. */
function runSimulation({ account }: DashboardControls, _form: URLSearchParams, subscriptionId: string) {
  return stripeErrorOf(() => {
    const customerId = account.subscription(subscriptionId).customer;
    account.createTestClock({
      frozen_time: String(account.now()),
      customer: customerId,
      name: account.data.customers[customerId]?.email ?? customerId,
    });
  });
}

/** Advance by days, or past the next period end of a subscription on the clock. */
function advanceClock({ account }: DashboardControls, form: URLSearchParams, clockId: string) {
  const clock = account.data.testClocks[clockId];
  const from = clock?.frozen_time ?? account.now();
  const target =
    form.get('to') === 'next-period-end'
      ? // An hour past it, as Stripe renews a little after the period ends.
        (account.nextPeriodEndOn(clockId) ?? from) + 60 * 60
      : from + Math.round(Number(form.get('days') ?? 0) * 86_400);
  return stripeErrorOf(() => account.advanceTestClock(clockId, { frozen_time: String(target) }));
}

function configureWebhooks({ webhooks, configure }: DashboardControls, form: URLSearchParams) {
  const number = (name: string, fallback: number) => {
    const value = Number(form.get(name));
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const current = webhooks?.current;
  configure({
    webhooks: {
      delayMs: number('delayMs', current?.delayMs ?? 0),
      shuffle: form.get('shuffle') === 'on',
      duplicateRate: Math.min(1, number('duplicateRate', current?.duplicateRate ?? 0)),
      hold: form.get('hold') === 'on',
      lose: (form.get('lose') ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    },
  });
  return undefined;
}

function configurePayments({ configure }: DashboardControls, form: URLSearchParams) {
  const delay = Number(form.get('confirmationDelayMs'));
  if (Number.isFinite(delay) && delay >= 0) configure({ paymentConfirmationDelayMs: delay });
  return undefined;
}
