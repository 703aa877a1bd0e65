import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, setUpBloom } from './harness';

/**
 * The public pages in German, French and Spanish (docs/rules.md#languages): a browser in her language sees the
 * landing, the quiz, the plan preview and pricing in it, prices as her language writes them (6,99 €), her answers
 * stored as the quiz's own English options, and nothing wider than a phone.
 */

const bloom = setUpBloom();

/** Whether anything on the page reaches past the viewport's right edge (a German button too long for a phone). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('public pages in her language', () => {
  it('German: landing, quiz, the plan preview and the answers stored as the quiz names them', async () => {
    const page = await bloom.newPage({ locale: 'de-DE' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Mehr Ruhe für dich/ }).waitFor();
    await expect.poll(() => page.title()).toBe('Bloom · Persönliche Selfcare-Pläne in 2 Minuten am Tag');
    await page.locator('#faq details').first().locator('summary').click();
    const faq = await page.locator('#faq details').first().textContent();
    expect(faq).toMatch(/6,99\s€/);
    expect(faq).toMatch(/49,99\s€/);
    await page.getByText('© 2025 Bloom. Alle Rechte vorbehalten.').waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Starte deine Reise' }).first().click();
    const quiz = page.getByRole('dialog', { name: 'Dein Self-Care-Quiz' });
    await quiz.getByText('Frage 1 von 5').waitFor();
    const choose = async (option: string, button = 'Weiter') => {
      await quiz.getByText(option, { exact: true }).click();
      await quiz.getByRole('button', { name: button }).click();
    };
    await choose('15-20 Minuten');
    await choose('Mittel - bereit für etwas Einsatz');
    await choose('Seelisches Wohlbefinden');
    await choose('Ruhig & friedlich');
    await choose('Abendmensch', 'Meinen Plan erstellen');
    await page.getByRole('dialog', { name: 'Willkommen bei Bloom' }).waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('quizAnswers'))) ?? 'null')).toEqual({
      timeCommitment: '15-20 minutes',
      energyLevel: 'Medium - ready for some effort',
      focusAreas: ['Mental wellbeing'],
      vibe: 'Calm & peaceful',
      timePreference: 'Evening person',
    });

    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Dein Self-Care-Plan' }).waitFor();
    for (const slot of ['Morgen', 'Mittag', 'Abend'])
      await page.getByRole('region', { name: slot }).waitFor();
    await page.getByRole('heading', { name: /^Montag · \d+ Min\.$/ }).waitFor();
    await page.getByText('Seelisches Wohlbefinden', { exact: true }).waitFor();
  });

  it('French: pricing in euros as France writes them, and its tab title', async () => {
    const page = await bloom.newPage({ locale: 'fr-FR' });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Offre-toi le rituel complet' }).waitFor();
    await expect.poll(() => page.title()).toBe('Tarifs · Bloom Pro');
    const card = await page.locator('main').textContent();
    for (const text of ['49,99\u00a0€', '33,89\u00a0€', '0,14\u00a0€/jour', '40\u00a0%'])
      expect(card?.replace(/\u202f/g, '\u00a0')).toContain(text);
    await page.getByText('Mensuel', { exact: true }).click();
    await page.getByText(/^6,99\s€$/).waitFor();
  });

  it('German and Spanish on a phone: the landing, the quiz and pricing fit 390 px', async () => {
    for (const locale of ['de-DE', 'es-ES']) {
      const page = await bloom.newPage({ locale, ...PHONE });
      await page.goto('/');
      await page.locator('#faq').waitFor();
      expect(await overflows(page), `${locale} landing`).toBe(false);
      await page.getByRole('main').getByRole('button').first().click();
      await page.getByRole('dialog').getByRole('radio').first().waitFor();
      expect(await overflows(page), `${locale} quiz`).toBe(false);
      await page.goto('/pricing');
      await page.getByRole('radio').first().waitFor();
      expect(await overflows(page), `${locale} pricing`).toBe(false);
      await page.context().close();
    }
  });

  it('Spanish: the blog and the legal pages say they are in English only', async () => {
    const page = await bloom.newPage({ locale: 'es-ES' });
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'El blog de Bloom' }).waitFor();
    await page.getByText('Nuestros artículos solo están disponibles en inglés.').waitFor();
    await page.goto('/privacy-policy');
    await page.getByText('Esta página solo está disponible en inglés.').waitFor();
    expect(await page.locator('article[lang="en"] h1').textContent()).toBe('Privacy Policy');
  });
});
