import { expect, it } from 'vitest';
import { setUpBloom } from './harness';

/** Her language (docs/rules.md#languages): from the browser on the first visit, then the one she picks, kept. */

const bloom = setUpBloom();

const pageLanguage = (page: Awaited<ReturnType<typeof bloom.newPage>>) =>
  page.evaluate(() => document.documentElement.lang);

it('a browser in German gets Bloom in German on the first visit', async () => {
  const page = await bloom.newPage({ locale: 'de-DE' });
  await page.goto('/');
  await expect.poll(() => pageLanguage(page)).toBe('de');
  expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
});

it('the language menu switches the page and remembers her choice after a reload', async () => {
  const page = await bloom.newPage({ locale: 'en-US' });
  await page.goto('/');
  const menu = page.getByRole('combobox', { name: 'Language' });
  await menu.selectOption({ label: 'Français' });
  await expect.poll(() => pageLanguage(page)).toBe('fr');
  await page.getByRole('combobox', { name: 'Langue' }).waitFor();

  await page.reload();
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect.poll(() => pageLanguage(page)).toBe('fr');
  expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
});
