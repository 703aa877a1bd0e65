import { addDays, addWeeks, dayIndexOf, todayIn, weekLabel, weekStartOf } from '@bloom/shared/week/week';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import { DAY_NAMES, dayCard, signInToPlanner, waitForWeek } from './planner-support';

/** Issue 13: a rest day keeps the streak (docs/rules.md#rest-days), and "Your progress" shows it. */

const bloom = setUpBloom();
const ZONE = 'Europe/Paris';

/** Moves the planner week by week until it shows `target`. */
async function showWeek(page: Page, from: string, target: string): Promise<string> {
  let shown = from;
  while (shown !== target) {
    const step = shown > target ? -1 : 1;
    await page.getByRole('button', { name: step < 0 ? 'Previous week' : 'Next week' }).click();
    shown = addWeeks(shown, step);
    await page.getByRole('heading', { name: weekLabel(shown) }).waitFor();
    await waitForWeek(page);
  }
  return shown;
}

it('completed, rest day, completed today: the streak counts two and never breaks; one rest day a week', async () => {
  const page = await bloom.newPage({ timezoneId: ZONE });
  await signInToPlanner(page, 'rest-day');
  const today = todayIn(ZONE, new Date());
  const current = weekStartOf(today);
  const rested = addDays(today, -1);
  const steps = [
    { date: addDays(today, -2), rest: false },
    { date: rested, rest: true },
    { date: today, rest: false },
  ];

  let shown = current;
  for (const { date, rest } of steps) {
    shown = await showWeek(page, shown, weekStartOf(date));
    const card = dayCard(page, DAY_NAMES[dayIndexOf(date)]);
    if (rest) {
      await card.getByRole('button', { name: 'Rest day', exact: true }).click();
      await card.getByText('🌙 Rest day').waitFor();
      // A rest day is not completed: no Mark Day Complete on it, and it can be undone.
      expect(await card.getByRole('button', { name: 'Mark Day Complete' }).count()).toBe(0);
      await card.getByRole('button', { name: 'Undo rest day' }).waitFor();
    } else {
      await card.getByRole('button', { name: 'Mark Day Complete' }).click();
      await card.getByRole('button', { name: '✓ Day Complete' }).waitFor();
    }
  }
  shown = await showWeek(page, shown, current);
  await page.getByText('2 days streak').waitFor();

  // A second rest day in the rest day's week is refused, kindly, and not shown.
  shown = await showWeek(page, shown, weekStartOf(rested));
  const other = [0, 1, 2, 3, 4, 5, 6].find(
    (day) => !steps.some((step) => weekStartOf(step.date) === shown && dayIndexOf(step.date) === day),
  ) as number;
  const otherCard = dayCard(page, DAY_NAMES[other] as string);
  await otherCard.getByRole('button', { name: 'Rest day', exact: true }).click();
  await page.getByText("You've already taken a rest day this week.", { exact: false }).waitFor();
  await otherCard.getByRole('button', { name: 'Rest day', exact: true }).waitFor();
  expect(
    await page
      .getByRole('article')
      .filter({ has: page.getByText('🌙 Rest day', { exact: true }) })
      .count(),
  ).toBe(1);
  await page.getByText('1 rest day', { exact: false }).waitFor(); // Week at a Glance
  await screenshot(page, 'rest-day-week');

  // Add to calendar, from the planner's account place: a private feed her calendar app can read.
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  await page.getByRole('button', { name: 'Create my calendar link' }).click();
  const link = await page.getByLabel('Your private calendar link').inputValue();
  expect(link).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(link);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Bloom: ');
  await page.getByRole('button', { name: 'Close' }).click();

  // Your progress, from the planner: the heatmap labels each day.
  await page.getByRole('button', { name: 'Your progress' }).click();
  await page.getByRole('heading', { name: 'Your progress' }).waitFor();
  const label = (date: string, state: string) =>
    `${DAY_NAMES[dayIndexOf(date)]} ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))}: ${state}`;
  await page.getByLabel(label(rested, 'rest day'), { exact: true }).waitFor();
  await page.getByLabel(label(today, 'completed'), { exact: true }).waitFor();
  await page.getByLabel(label(addDays(today, -2), 'completed'), { exact: true }).waitFor();
  await expectNoSeriousA11yViolations(page);

  // Readable on a phone: nothing wider than 375 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('heading', { name: 'Minutes each week' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'progress-phone');

  await page.getByRole('button', { name: '← Back to my planner' }).click();
  await waitForWeek(page);
});
