import { dayIndexOf, todayIn } from '@bloom/shared/week/week';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Bloom,
  expectNoSeriousA11yViolations,
  MOBILE_VIEWPORT,
  screenshot,
  startBloom,
} from './harness';
import { DAY_NAMES, settled, signInToPlanner } from './planner-support';

let bloom: Bloom;

beforeAll(async () => {
  bloom = await startBloom();
});

afterAll(async () => {
  await bloom?.stop();
});

it('at 390x844: the day picker, one day at a time, Account & Stats, and the full-screen library', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'mobile');
  await page.setViewportSize(MOBILE_VIEWPORT);

  const today = DAY_NAMES[dayIndexOf(todayIn('UTC', new Date()))] ?? 'Monday';
  await page.getByRole('navigation', { name: 'Choose a day' }).waitFor();
  await page.getByRole('article', { name: `${today} (Today)` }).waitFor();
  expect(await page.getByRole('article').count()).toBe(1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-week');

  await page.getByRole('navigation', { name: 'Choose a day' }).getByRole('button', { name: /^Sun / }).click();
  await page.getByRole('article', { name: /^Sunday/ }).waitFor();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('article', { name: /^Monday/ }).waitFor();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await page.getByRole('article', { name: /^Sunday/ }).waitFor();

  await page.getByRole('button', { name: 'Account & Stats' }).click();
  const sheet = page.getByRole('dialog', { name: 'Account & Stats' });
  await sheet.getByText('10 edits left').waitFor();
  await sheet.getByText(/streak/).waitFor();
  await sheet.getByRole('button', { name: 'Sign out' }).waitFor();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-account');
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });

  await page
    .getByRole('article', { name: /^Sunday/ })
    .getByRole('button', { name: 'View & Edit Day' })
    .click();
  await page.getByRole('heading', { name: 'Sunday Self-Care Plan' }).waitFor();
  await page.getByRole('button', { name: /^Evening \(\d+\)$/ }).click();
  const evening = page.getByRole('region', { name: 'Evening' });
  const before = await evening.locator('.activity-card').count();
  await page.getByRole('button', { name: '＋ Add' }).click();

  const library = page.getByRole('dialog', { name: 'Activity Library' });
  await settled(page);
  const box = await library.boundingBox();
  // Full screen: as wide as the page's visible width and as tall as the viewport.
  const visibleWidth = await page.evaluate(() => document.body.clientWidth);
  expect(box?.width).toBeGreaterThanOrEqual(visibleWidth);
  expect(box?.height).toBe(MOBILE_VIEWPORT.height);
  const search = library.getByPlaceholder('Search activities...');
  await search.fill('zzzz');
  await library.getByText('No activities found for "zzzz"').waitFor();
  await search.fill('');
  for (const chip of ['All', 'Mental', 'Physical', 'Social', 'Sensory'])
    await library.getByRole('button', { name: chip, exact: true }).waitFor();
  await library.getByRole('button', { name: 'Sensory', exact: true }).click();
  await library.getByRole('button', { name: 'Evening', exact: true }).waitFor();
  const first = library.locator('.mobile-library__list .library-tile__name').nth(1);
  const chosen = ((await first.textContent()) ?? '').trim();
  await library.getByRole('checkbox').first().check();
  await library.getByRole('button', { name: 'Clear (1)' }).waitFor();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-library');
  await library.getByRole('button', { name: 'Add to Evening' }).click();

  await library.waitFor({ state: 'detached' });
  await evening.getByText(chosen, { exact: true }).first().waitFor();
  expect(await evening.locator('.activity-card').count()).toBe(before + 1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-day');
});
