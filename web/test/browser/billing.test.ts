import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import { dayCard, settled, signInToPlanner, waitForWeek } from './planner-support';

/**
 * Issue 9's journey: a free planner hits her weekly limit, upgrades through the local Stripe while its webhooks
 * come late (the app asks Stripe itself and waits honestly), uses Pro, cancels at the period's end in the
 * customer portal, and is free again once Stripe's clock passes that end.
 */

// Its own cloud: the Stripe emulator's settings (late, shuffled webhooks) and its clock (moved a month on) are one
// for the whole account, and would end or delay the other journeys' checkouts.
const bloom = setUpBloom({ ownCloud: true });

/** A form of the local Stripe's dashboard, posted as a developer would press its button. */
async function stripeDashboard(path: string, fields: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${bloom.stripeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/dashboard');
}

/** The one address the dashboard's forms post to that matches, e.g. her subscription's Run simulation. */
async function dashboardForm(action: RegExp): Promise<string> {
  const page = await (await fetch(`${bloom.stripeUrl}/dashboard`)).text();
  const actions = new Set(
    [...page.matchAll(/<form method="post" action="([^"]+)"/g)].map((match) => match[1]),
  );
  const found = [...actions].filter((path) => path !== undefined && action.test(path));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

/** Adds `count` activities the morning does not hold yet to the open day view, in one "Add Selected". */
async function addToMorning(page: Page, count: number): Promise<void> {
  const library = page.getByRole('complementary', { name: 'Activity Library' });
  const fresh = library.getByRole('checkbox', { checked: false, disabled: false });
  await library.getByRole('checkbox').first().waitFor();
  for (let index = 0; index < count; index += 1) await fresh.first().check();
  await library.getByRole('button', { name: `Add Selected (${count})` }).click();
}

const morningCount = (page: Page) =>
  page
    .getByRole('region', { name: 'Morning' })
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('No activities scheduled') })
    .count();

/** Thursday's day view (the planner may already show it: it reopens the view she left). */
async function openThursday(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Thursday Self-Care Plan' });
  const card = dayCard(page, 'Thursday').getByRole('button', { name: 'View & Edit Day' });
  await heading.or(card).first().waitFor();
  if (!(await heading.isVisible())) await card.click();
  await heading.waitFor();
}

/** Uses a week's ten free edits in Thursday's day view; the tenth opens the limit dialog, the 11th is refused. */
async function useTheWeeksEdits(page: Page): Promise<number> {
  await openThursday(page);
  const before = await morningCount(page);
  const modal = page.getByRole('dialog', { name: "You've reached your weekly limit!" });
  await addToMorning(page, 5);
  await page.getByText('5 edits left').first().waitFor();
  await addToMorning(page, 5);
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Continue Free' }).click();
  await modal.waitFor({ state: 'detached' });
  expect(await morningCount(page)).toBe(before + 10);
  await addToMorning(page, 1);
  await modal.waitFor();
  expect(await morningCount(page)).toBe(before + 10);
  return before + 10;
}

/**
 * Reloads until the text shows: what changes only when a (late) webhook has landed. The webhooks come 4 s late;
 * the cap is for a busy machine.
 */
async function reloadUntil(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForWeek(page);
        return page.getByText(text).first().isVisible();
      },
      { timeout: 90_000, interval: 1000, message: `"${text}" never appeared` },
    )
    .toBe(true);
}

it('hits the limit, upgrades with late webhooks, plans an 11th activity, cancels at period end, and is free after it', async () => {
  // Stripe as it can be: the payment confirms 8 s after she is back in Bloom (long enough for a loaded machine to
  // show her the wait first), and every webhook comes 4 s after its change, shuffled, some twice.
  await stripeDashboard('/dashboard/payments', { confirmationDelayMs: '8000' });
  await stripeDashboard('/dashboard/webhooks', { delayMs: '4000', shuffle: 'on', duplicateRate: '0.3' });

  const page = await bloom.newPage();
  await signInToPlanner(page, 'subscriber');
  await page.getByText('10 edits left').first().waitFor();
  const planned = await useTheWeeksEdits(page);
  await screenshot(page, 'billing-limit');
  await page
    .getByRole('dialog', { name: "You've reached your weekly limit!" })
    .getByRole('button', { name: 'Upgrade Now' })
    .click();
  await page.waitForURL((url) => url.pathname === '/pricing');

  // Checkout on the local Stripe.
  await page.getByRole('button', { name: 'Start Your Transformation' }).click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Maya Rivers');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // Back in Bloom before Stripe has confirmed: an honest wait, never a false welcome.
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('session_id'), {
    timeout: 30_000,
  });
  await page.getByText('Finishing your upgrade...').waitFor();
  expect(await page.getByText(/Welcome to Bloom Pro!/).count()).toBe(0);
  await screenshot(page, 'billing-finishing');
  await page.getByText(/Welcome to Bloom Pro!/).waitFor();
  await page.getByText('Finishing your upgrade...').waitFor({ state: 'detached' });
  await page.getByText('Unlimited edits').first().waitFor();

  // Pro: the 11th activity of the week is planned.
  await openThursday(page);
  await addToMorning(page, 1);
  await expect.poll(() => morningCount(page)).toBe(planned + 1);
  expect(await page.getByRole('dialog', { name: "You've reached your weekly limit!" }).count()).toBe(0);

  // Manage subscription opens Stripe's portal; she cancels at the period's end and returns.
  await page.getByRole('button', { name: /Back to Week View/ }).click();
  await waitForWeek(page);
  await page.getByRole('button', { name: 'Manage subscription' }).first().click();
  await page.waitForURL(/\/p\/session\/bps_/);
  await page.getByText(/Renews on /).waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'billing-portal');
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByText('Your plan will be canceled at the end of the billing period.').waitFor();
  await page.getByText(/Cancels on /).waitFor();
  await page.getByRole('link', { name: /Return to Bloom/ }).click();
  await page.waitForURL((url) => url.origin === bloom.url);
  await waitForWeek(page);
  // Still Pro, until the period's end, once Stripe's (late) event has landed.
  await reloadUntil(page, /^Pro until /);
  await page.getByText('Unlimited edits').first().waitFor();
  await settled(page);
  await screenshot(page, 'billing-pro-until');

  // Stripe's time passes the period's end, as a developer moves it: Run simulation puts her customer on a test
  // clock, which is advanced past the end. The subscription ends, and its event (late) makes her free.
  await stripeDashboard(await dashboardForm(/^\/dashboard\/subscriptions\/sub_\w+\/simulate$/));
  await stripeDashboard(await dashboardForm(/^\/dashboard\/test-clocks\/clock_\w+\/advance$/), {
    to: 'next-period-end',
  });
  await reloadUntil(page, 'Free plan');
  await page.getByRole('button', { name: 'Manage subscription' }).waitFor({ state: 'detached' });

  // A new week: ten free edits again, and the 11th is refused.
  await page.getByRole('button', { name: 'Next week' }).click();
  await waitForWeek(page);
  await page.getByText('10 edits left').first().waitFor();
  await useTheWeeksEdits(page);
  await screenshot(page, 'billing-free-again');
});
