import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '@bloom/scripts/local-cloud/dynamodb';
import { expect, inject, it } from 'vitest';
import { setUpBloom } from './harness';
import { signInToPlanner } from './planner-support';

/**
 * Her language (docs/rules.md#languages): from the browser on the first visit, painted in it before any script
 * (docs/decisions/0009-landing-per-language.md), then the one she picks, kept on the device and, signed in, on her
 * profile.
 */

const bloom = setUpBloom();

const pageLanguage = (page: Awaited<ReturnType<typeof bloom.newPage>>) =>
  page.evaluate(() => document.documentElement.lang);

it.each([
  ['de-DE', 'de', 'Sprache', 'Bloom · Persönliche Selfcare-Pläne in 2 Minuten am Tag'],
  ['fr-FR', 'fr', 'Langue', 'Bloom · Ta routine bien-être personnalisée en 2 minutes par jour'],
  ['es-ES', 'es', 'Idioma', 'Bloom · Tu plan de autocuidado personal en 2 minutos al día'],
])(
  'a browser in %s sees the landing in its language from the first paint, before any script',
  async (browserLocale, locale, menuLabel, title) => {
    // No JavaScript: what she sees is the page as it arrives.
    const context = await bloom.browser.newContext({
      locale: browserLocale,
      javaScriptEnabled: false,
      baseURL: bloom.url,
      ignoreHTTPSErrors: true,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      expect(await page.title()).toBe(title);
      expect(await page.getByRole('combobox', { name: menuLabel }).inputValue()).toBe(locale);
    } finally {
      await context.close();
    }

    const page = await bloom.newPage({ locale: browserLocale });
    await page.goto('/');
    await expect.poll(() => pageLanguage(page)).toBe(locale);
    expect(await page.getByRole('combobox', { name: menuLabel }).inputValue()).toBe(locale);
  },
);

it('the language menu switches the page and remembers her choice after a reload, from the first paint', async () => {
  const page = await bloom.newPage({ locale: 'en-US' });
  await page.goto('/');
  const menu = page.getByRole('combobox', { name: 'Language' });
  await menu.selectOption({ label: 'Français' });
  await expect.poll(() => pageLanguage(page)).toBe('fr');
  await page.getByRole('combobox', { name: 'Langue' }).waitFor();

  const reloaded = await page.reload();
  // The page as it arrived is already French: the site read her choice (the bloom-locale cookie).
  expect(await reloaded?.text()).toContain('<html lang="fr">');
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect.poll(() => pageLanguage(page)).toBe('fr');
  expect(await page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
});

it('signed in, the language she picks on any page is saved on her profile', async () => {
  const page = await bloom.newPage({ locale: 'en-US' });
  const { sub } = await signInToPlanner(page, 'language');
  // Issue 24: "changeable in a visible language menu", signed in too.
  const menu = page.getByRole('combobox', { name: 'Language' });
  expect(await menu.count(), 'a language menu in the signed-in planner').toBe(1);
  const saved = page.waitForRequest(
    (request) =>
      request.method() === 'PUT' &&
      new URL(request.url()).pathname === '/api/me' &&
      (JSON.parse(request.postData() ?? '{}') as { locale?: string }).locale === 'es',
  );
  await menu.selectOption({ label: 'Español' });
  const answer = await (await saved).response();
  expect(answer?.ok()).toBe(true);
  await expect.poll(() => pageLanguage(page)).toBe('es');

  // On any other page too: pricing's footer menu, while she is signed in.
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  const savedHere = page.waitForRequest(
    (request) =>
      request.method() === 'PUT' &&
      new URL(request.url()).pathname === '/api/me' &&
      (JSON.parse(request.postData() ?? '{}') as { locale?: string }).locale === 'fr',
  );
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'Français' });
  expect((await (await savedHere).response())?.ok()).toBe(true);
  await expect.poll(() => pageLanguage(page)).toBe('fr');
  // Back in the planner, her profile's answer keeps French.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Langue' }).waitFor();

  const client = localDynamoClient(inject('dynamodbEndpoint'));
  try {
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: inject('tableName'),
        Key: { pk: { S: `USER#${sub}` }, sk: { S: 'PROFILE' } },
      }),
    );
    expect(Item?.locale?.S).toBe('fr');
  } finally {
    client.destroy();
  }
});
