import { ACTIVITY_CATALOGUE } from '@bloom/shared/catalogue/activities';
import { defaultPlanSeed, generatePlan } from '@bloom/shared/plan/generate-plan';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import { addWeeks, dayIndexOf, todayIn, weekLabel, weekStartOf } from '@bloom/shared/week/week';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import {
  DAY_NAMES,
  dayCard,
  keyboardDrag,
  layoutShiftWhenNextWeekArrivesLate,
  signInToPlanner,
  slotActivityNames,
  waitForWeek,
} from './planner-support';

const bloom = setUpBloom();

const ANSWERS: QuizAnswers = {
  timeCommitment: '5-10 minutes',
  energyLevel: 'Low - I need gentle care',
  focusAreas: ['Mental wellbeing', 'Creative expression'],
  vibe: 'Cozy & comforting',
  timePreference: 'Evening person',
};

const nameOf = (id: string) => ACTIVITY_CATALOGUE.find((activity) => activity.id === id)?.name;

it('after the quiz and sign-in, the personalised week appears: the plan the answers generate', async () => {
  const page = await bloom.newPage({ timezoneId: 'Europe/Paris' });
  await signInToPlanner(page, 'newcomer', { quizAnswers: ANSWERS });
  const weekStart = weekStartOf(todayIn('Europe/Paris', new Date()));
  await page.getByRole('heading', { name: weekLabel(weekStart) }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('quizAnswers'))).toBeNull();

  const plan = generatePlan({ answers: ANSWERS, seed: defaultPlanSeed(weekStart) });
  for (const [day, dayName] of DAY_NAMES.entries()) {
    const card = dayCard(page, dayName);
    for (const slot of ['Morning', 'Midday', 'Evening'] as const) {
      const expected = plan
        .filter((entry) => entry.day === day && entry.slot === slot)
        .map((entry) => nameOf(entry.activityId));
      expect(await slotActivityNames(card, dayName, slot)).toEqual(expected);
    }
  }
  // 5-10 minutes a day: every day's total stays within the answer's budget.
  for (const dayName of DAY_NAMES) {
    const total = (await dayCard(page, dayName).getByRole('definition').first().textContent()) ?? '';
    expect(Number.parseInt(total, 10)).toBeLessThanOrEqual(10);
  }
  // Each day's name is one heading line over its slots, not stretched to the card's height (it once took the
  // card's 520 px minimum and pushed the day's activities to the bottom of the card).
  for (const dayName of DAY_NAMES) {
    const box = await dayCard(page, dayName).getByRole('heading', { level: 3 }).boundingBox();
    expect(box?.height).toBeLessThan(80);
  }
  await page.getByText('Week at a Glance').waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-personalised-week');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const stream = await (await download).createReadStream();
  const head = await new Promise<string>((resolve) =>
    stream.once('data', (chunk) => resolve(String(chunk).slice(0, 5))),
  );
  expect(head).toBe('%PDF-');
});

it('ticking every activity of today auto-completes the day with confetti and a streak', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'ticker');
  const today = todayIn('UTC', new Date());
  const dayName = DAY_NAMES[dayIndexOf(today)] ?? 'Monday';
  const card = page.getByRole('article', { name: `${dayName} (Today)` });
  await card.waitFor();
  const boxes = card.getByRole('checkbox');
  // The card can be on screen a moment before its activities are (a loaded CI machine): wait for them.
  await expect.poll(() => boxes.count()).toBeGreaterThan(0);
  const count = await boxes.count();
  await expect.poll(() => card.getByRole('button', { name: 'Mark Day Complete' }).count()).toBe(1);

  for (let index = 0; index < count; index += 1) {
    await boxes.nth(index).check();
    await expect.poll(() => card.getByText(`${index + 1}/${count} actions`).count()).toBe(1);
  }
  await card.getByRole('button', { name: '✓ Day Complete' }).waitFor();
  await page.locator('canvas').first().waitFor({ state: 'attached' });
  await page.getByText('1 day streak').waitFor();
  await screenshot(page, 'planner-day-auto-completed');

  // It stays complete after a reload: the server marked it.
  await page.reload();
  await waitForWeek(page);
  await page
    .getByRole('article', { name: `${dayName} (Today)` })
    .getByRole('button', { name: '✓ Day Complete' })
    .waitFor();
});

it('navigates weeks across a month boundary', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'navigator');
  const thisWeek = weekStartOf(todayIn('UTC', new Date()));
  // The first week from now whose Monday and Sunday fall in different months.
  const target = firstSpanningWeek(thisWeek);
  for (let step = 0; step < target.offset; step += 1)
    await page.getByRole('button', { name: 'Next week' }).click();
  const label = weekLabel(target.weekStart);
  await page.getByRole('heading', { name: label }).waitFor();
  expect(label).toMatch(/^[A-Z][a-z]{2} \d+ – [A-Z][a-z]{2} \d+, \d{4}$|^[A-Z][a-z]{2} \d+, \d{4} – /);
  await waitForWeek(page);
  await dayCard(page, 'Sunday').waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-month-boundary');

  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('heading', { name: weekLabel(addWeeks(target.weekStart, -1)) }).waitFor();
});

it('a week arriving late does not shift the layout (cumulative layout shift under 0.1)', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'steady');
  expect(await layoutShiftWhenNextWeekArrivesLate(page)).toBeLessThan(0.1);
});

function firstSpanningWeek(from: string): { weekStart: string; offset: number } {
  for (let offset = 1; offset <= 6; offset += 1) {
    const weekStart = addWeeks(from, offset);
    if (/ – [A-Z]/.test(weekLabel(weekStart))) return { weekStart, offset };
  }
  throw new Error('No week spanning two months within six weeks');
}

it('moves an activity to another day by keyboard drag in the weekly grid', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'mover');
  const monday = dayCard(page, 'Monday');
  const tuesday = dayCard(page, 'Tuesday');
  const handle = monday.getByRole('button', { name: /^Move / }).first();
  const name = ((await handle.getAttribute('aria-label')) ?? '').replace(/^Move /, '');
  const onMonday = await monday.getByRole('button', { name: /^Move / }).count();
  const onTuesday = await tuesday.getByRole('button', { name: /^Move / }).count();

  await keyboardDrag(page, handle, ['ArrowRight']);
  await expect.poll(() => tuesday.getByRole('button', { name: /^Move / }).count()).toBe(onTuesday + 1);
  expect(await monday.getByRole('button', { name: /^Move / }).count()).toBe(onMonday - 1);
  await tuesday
    .getByRole('button', { name: `Move ${name}`, exact: true })
    .first()
    .waitFor();

  await page.reload();
  await waitForWeek(page);
  expect(
    await dayCard(page, 'Tuesday')
      .getByRole('button', { name: /^Move / })
      .count(),
  ).toBe(onTuesday + 1);
  await screenshot(page, 'planner-moved-between-days');
});
