import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, PHONE, screenshot, setUpBloom, signIn, testAccount } from './harness';
import { settled } from './planner-support';

/**
 * The planner in German on a phone (docs/rules.md#languages): her words, Intl's days and dates, the catalogue's
 * German names, and German's longer words still inside every button and chip at 390 px.
 */

const bloom = setUpBloom();

/** Buttons, chips and labels whose text does not fit inside them, or that reach past the screen's edge. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a, label, h1, h2, h3, h4, [role=dialog] p',
    )) {
      const box = element.getBoundingClientRect();
      // Hidden, or there for screen readers only (visually-hidden: one clipped pixel).
      if (box.width <= 1 || element.closest('[aria-hidden="true"]')) continue;
      const cut =
        element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'auto';
      if (cut || box.right > window.innerWidth + 1) found.push((element.textContent ?? '').trim());
    }
    return found;
  });
}

it('at 390x844 in German: the week, a day, the library and the custom activity form', async () => {
  const page = await bloom.newPage(PHONE);
  await page.goto('/');
  // Her choice on this device, kept through the sign-in round trip; the page she signs in from stays English.
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await signIn(page, testAccount('german'));
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');

  await page.getByRole('button', { name: 'Nächste Woche' }).waitFor();
  await page.getByRole('navigation', { name: 'Tag auswählen' }).waitFor();
  const day = page.getByRole('article').first();
  await day.getByRole('button', { name: 'Tag ansehen & bearbeiten' }).waitFor();
  await settled(page);
  expect(await overflowing(page)).toEqual([]);
  await screenshot(page, 'planner-german-week');

  await day.getByRole('button', { name: 'Tag ansehen & bearbeiten' }).click();
  await page.getByRole('heading', { name: /^Dein Selfcare-Plan für / }).waitFor();
  await page.getByRole('button', { name: /^Abend \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Alle abhaken' }).waitFor();
  await settled(page);
  expect(await overflowing(page)).toEqual([]);
  await screenshot(page, 'planner-german-day');

  await page.getByRole('button', { name: '＋ Hinzufügen' }).click();
  const library = page.getByRole('dialog', { name: 'Aktivitäten-Bibliothek' });
  await library.getByPlaceholder('Aktivitäten suchen...').waitFor();
  for (const chip of ['Alle', 'Geist', 'Körper', 'Miteinander', 'Sinne'])
    await library.getByRole('button', { name: chip, exact: true }).waitFor();
  // The catalogue's activities by their German names.
  await library.getByText('Dankbarkeitstagebuch', { exact: true }).waitFor();
  await library.getByRole('button', { name: 'Hinzufügen: Abend' }).waitFor();
  await settled(page);
  expect(await overflowing(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-german-library');

  await library.getByRole('button', { name: 'Eigene Aktivität erstellen' }).click();
  const form = page.getByRole('dialog', { name: 'Eigene Aktivität erstellen' });
  await form.getByPlaceholder('Was würdest du gern tun?').waitFor();
  await form.getByRole('button', { name: 'Erstellen', exact: true }).waitFor();
  await settled(page);
  expect(await overflowing(page)).toEqual([]);
  await screenshot(page, 'planner-german-custom-activity');
});
