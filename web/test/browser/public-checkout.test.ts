import { expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  setUpBloom,
  signInThroughEmulator,
  testAccount,
} from './harness';

const bloom = setUpBloom();

it('a visitor picks monthly, signs in, and checkout starts by itself; paying brings her back to Bloom as Pro', async () => {
  const page = await bloom.newPage();
  await page.goto('/pricing?plan=monthly');
  await page.getByRole('button', { name: 'Start Your Transformation' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome to Bloom' })
    .getByRole('button', { name: /Continue with Google/ })
    .click();
  await signInThroughEmulator(page, testAccount('checkout'));

  // Back from Google on /, the remembered plan leads to /pricing and checkout starts about a second later.
  await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('plan') === 'monthly');
  await page.getByRole('button', { name: '← Back to my planner' }).waitFor();
  await page.waitForURL(/\/checkout\//).catch(async (error) => {
    await screenshot(page, 'checkout-failed');
    throw new Error(`Checkout did not open; the page says: ${await page.locator('body').textContent()}`, {
      cause: error,
    });
  });
  expect(await page.getByText('Subscribe to Bloom Pro').count()).toBe(1);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Maya Rivers');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page
    .getByRole('status')
    .getByText(/Welcome to Bloom Pro!/)
    .waitFor();
  await page.waitForURL((url) => !url.search.includes('checkout'));
  expect(await page.evaluate(() => localStorage.getItem('pendingCheckoutPlan'))).toBeNull();
  await screenshot(page, 'checkout-success');

  // Pro now: the pricing page shows her plan and never offers a second checkout.
  await page.goto('/pricing');
  await page.getByText("You're on Bloom Pro").waitFor();
  await page.getByRole('button', { name: 'Manage subscription' }).first().waitFor();
  expect(await page.getByRole('button', { name: 'Start Your Transformation' }).count()).toBe(0);
  await screenshot(page, 'pricing-as-pro');
});

it('signed in: the header has an avatar menu with Profile and Log out, and logging out returns to the landing page', async () => {
  const page = await bloom.newPage();
  await page.goto('/pricing');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome to Bloom' })
    .getByRole('button', { name: /Continue with Google/ })
    .click();
  await signInThroughEmulator(page, { ...testAccount('menu'), name: 'Ada Lovelace' });
  await page.goto('/pricing');
  const menuButton = page.getByRole('button', { name: 'Account menu for Ada Lovelace' });
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
  await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Your profile' });
  await profile.getByText('Ada Lovelace').waitFor();
  await screenshot(page, 'profile');
  await page.keyboard.press('Escape');
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
});
