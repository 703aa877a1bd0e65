import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';

const bloom = setUpBloom();

it('an unknown address answers 404 with the not-found page and a way home', async () => {
  const page = await bloom.newPage();
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Begin Your Journey' }).first().waitFor();
});

it('answers with HTTP status 404 for unknown paths and 200 for the pages, blog and legal included', async () => {
  // Plain HTTP requests, as a crawler or a link checker makes them (no JavaScript runs).
  const { request } = await bloom.newPage();
  const status = async (path: string) =>
    (await request.get(path, { headers: { accept: 'text/html' } })).status();
  for (const path of [
    '/',
    '/pricing',
    '/blog',
    '/blog/best-self-care-apps',
    '/privacy-policy',
    '/terms-of-service',
  ]) {
    expect(await status(path), path).toBe(200);
  }
  for (const path of ['/no/such/page', '/blog/not-a-post', '/pricing/extra']) {
    expect(await status(path), path).toBe(404);
  }
});
