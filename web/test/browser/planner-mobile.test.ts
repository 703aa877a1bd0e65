import { dayIndexOf, todayIn } from '@bloom/shared/week/week';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, MOBILE_VIEWPORT, PHONE, screenshot, setUpBloom } from './harness';
import { DAY_NAMES, layoutShiftWhenNextWeekArrivesLate, settled, signInToPlanner } from './planner-support';

const bloom = setUpBloom();

it('at 390x844: the day picker, one day at a time, Account & Stats, and the full-screen library', async () => {
  const page = await bloom.newPage(PHONE);
  await signInToPlanner(page, 'mobile');

  const today = DAY_NAMES[dayIndexOf(todayIn('UTC', new Date()))] ?? 'Monday';
  await page.getByRole('navigation', { name: 'Choose a day' }).waitFor();
  await page.getByRole('article', { name: `${today} (Today)` }).waitFor();
  expect(await page.getByRole('article').count()).toBe(1);
  await expectRoomyDayCard(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-week');

  await page.getByRole('navigation', { name: 'Choose a day' }).getByRole('button', { name: /^Sun / }).click();
  await page.getByRole('article', { name: /^Sunday/ }).waitFor();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('article', { name: /^Monday/ }).waitFor();
  // By keyboard too.
  await page.getByRole('button', { name: 'Previous day' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('article', { name: /^Sunday/ }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous day');

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
  const before = await evening.getByRole('checkbox').count();
  await page.getByRole('button', { name: '＋ Add' }).click();

  const library = page.getByRole('dialog', { name: 'Activity Library' });
  await settled(page);
  await expectFullScreenLibrary(page);
  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await library.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('＋ Add');
  await page.getByRole('button', { name: '＋ Add' }).click();
  await settled(page);
  const search = library.getByPlaceholder('Search activities...');
  await search.fill('zzzz');
  await library.getByText('No activities found for "zzzz"').waitFor();
  await search.fill('');
  for (const chip of ['All', 'Mental', 'Physical', 'Social', 'Sensory'])
    await library.getByRole('button', { name: chip, exact: true }).waitFor();
  await library.getByRole('button', { name: 'Sensory', exact: true }).click();
  await library.getByRole('button', { name: 'Evening', exact: true }).waitFor();
  const first = library.locator('label > span:nth-of-type(2)').first();
  const chosen = ((await first.textContent()) ?? '').trim();
  await library.getByRole('checkbox').first().check();
  await library.getByRole('button', { name: 'Clear (1)' }).waitFor();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-library');
  await library.getByRole('button', { name: 'Add to Evening' }).click();

  await library.waitFor({ state: 'detached' });
  await evening.getByText(chosen, { exact: true }).first().waitFor();
  expect(await evening.getByRole('checkbox').count()).toBe(before + 1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-mobile-day');
});

/**
 * The library is a true full-screen modal: exactly the viewport, above every other layer (the chat button
 * too), the page behind does not scroll, focus stays inside, and only its list scrolls while the add bar stays
 * pinned at the bottom.
 */
async function expectFullScreenLibrary(page: Page): Promise<void> {
  const library = page.getByRole('dialog', { name: 'Activity Library' });
  expect(await library.getAttribute('aria-modal')).toBe('true');
  expect(await library.boundingBox()).toEqual({ x: 0, y: 0, ...MOBILE_VIEWPORT });
  const { width, height } = MOBILE_VIEWPORT;
  const points = [
    [1, 1],
    [width - 1, 1],
    [1, height - 1],
    [width - 1, height - 1],
    [width / 2, height / 2],
    // Where the chat button floats.
    [width - 40, height - 40],
  ];
  expect(
    await page.evaluate(
      (points) =>
        points.map(([x, y]) => {
          const hit = document.elementFromPoint(x ?? 0, y ?? 0);
          // What covers the point otherwise, to say what lies on top of the library.
          return hit?.closest('[role="dialog"][aria-modal="true"]')
            ? 'library'
            : `${hit?.outerHTML.slice(0, 120)}`;
        }),
      points,
    ),
  ).toEqual(points.map(() => 'library'));

  // The page behind stays put whichever way the wheel turns over the dialog's header. The page's own scroll
  // events are counted: the browser handles wheel turns in order, so once the later turn over the list below
  // has scrolled the list, a scroll these turns caused has begun and been counted.
  const scrollY = () => page.evaluate(() => window.scrollY);
  const pageScroll = await scrollY();
  await page.evaluate(() => {
    const counted = window as unknown as { pageScrolls: number };
    counted.pageScrolls = 0;
    // An element's scroll event does not bubble; the page's reaches the window.
    window.addEventListener('scroll', () => {
      counted.pageScrolls += 1;
    });
  });
  await page.mouse.move(width / 2, 40);
  for (const delta of [-400, 400]) await page.mouse.wheel(0, delta);

  // Its own list scrolls; the Clear / Add bar does not move and ends at the bottom of the screen.
  const list = library.getByRole('button', { name: 'Create Custom Activity' }).locator('..');
  const bar = library.getByRole('button', { name: /^Clear/ }).locator('..');
  const barBox = await bar.boundingBox();
  expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeGreaterThan(height - 32);
  expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual(height);
  const listBox = await list.boundingBox();
  await page.mouse.move(width / 2, (listBox?.y ?? 0) + (listBox?.height ?? 0) / 2);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await bar.boundingBox()).toEqual(barBox);
  expect(await page.evaluate(() => (window as unknown as { pageScrolls: number }).pageScrolls)).toBe(0);
  expect(await scrollY()).toBe(pageScroll);
  await list.evaluate((element) => element.scrollTo({ top: 0 }));

  // Focus is inside and stays inside, whichever way Tab goes.
  const focusInside = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-modal="true"]')));
  expect(await focusInside()).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await focusInside()).toBe(true);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusInside()).toBe(true);
}

/**
 * The single day card uses the phone's width: the day arrows sit in the picker row, not beside the card; its
 * totals read as two separate figures; and no activity name is squeezed onto more than two lines.
 */
async function expectRoomyDayCard(page: Page): Promise<void> {
  const card = page.getByRole('article');
  const cardBox = await card.boundingBox();
  expect(cardBox?.width).toBeGreaterThanOrEqual(MOBILE_VIEWPORT.width - 2 * 16);
  for (const name of ['Previous day', 'Next day']) {
    const arrow = await page.getByRole('button', { name }).boundingBox();
    expect((arrow?.y ?? 0) + (arrow?.height ?? 0)).toBeLessThanOrEqual(cardBox?.y ?? 0);
  }

  const [total, done] = await card
    .locator('dl > div')
    .evaluateAll((groups) => groups.map((group) => group.getBoundingClientRect().toJSON() as DOMRect));
  if (!total || !done) throw new Error('The day card has no totals');
  const sameLine = total.top < done.bottom && done.top < total.bottom;
  if (sameLine) expect(done.left - total.right).toBeGreaterThanOrEqual(12);
  else expect(done.top).toBeGreaterThanOrEqual(total.bottom);

  const lines = await card
    .locator('label > span:last-child')
    .evaluateAll((names) =>
      names.map((name) =>
        Math.round(
          name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight),
        ),
      ),
    );
  expect(lines.length).toBeGreaterThan(0);
  for (const count of lines) expect(count).toBeLessThanOrEqual(2);
}

it('as a phone, a week arriving late does not shift the layout (cumulative layout shift under 0.1)', async () => {
  const page = await bloom.newPage(PHONE);
  await signInToPlanner(page, 'mobile-steady');
  expect(await layoutShiftWhenNextWeekArrivesLate(page)).toBeLessThan(0.1);
});
