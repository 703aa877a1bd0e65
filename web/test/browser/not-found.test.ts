import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Bloom, expectNoSeriousA11yViolations, screenshot, startBloom } from './harness';

let bloom: Bloom;

beforeAll(async () => {
  bloom = await startBloom();
});

afterAll(async () => {
  await bloom?.stop();
});

it('an unknown address shows the 404 page with a way home', async () => {
  const page = await bloom.newPage();
  const response = await page.goto('/no/such/page');
  expect(response?.ok()).toBe(true);
  await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Begin Your Journey' }).first().waitFor();
});
