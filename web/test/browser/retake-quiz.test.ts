import { DAY_NAMES, SLOTS } from '@bloom/shared/planner/types';
import { DEFAULT_QUIZ_ANSWERS } from '@bloom/shared/quiz/quiz';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  setUpBloom,
  signInThroughEmulator,
  testAccount,
} from './harness';
import { dayCard, keyboardDrag, signInToPlanner, slotActivityNames, waitForWeek } from './planner-support';

const bloom = setUpBloom();

const QUESTION = "Replace this week's plan with one from your new answers?";

/** Takes the quiz from the landing page with these five answers (one focus area). */
async function takeQuiz(page: Page, answers: readonly [string, string, string, string, string]) {
  await page.getByRole('main').getByRole('button', { name: 'Begin Your Journey' }).first().click();
  const quiz = page.getByRole('dialog', { name: 'Your self-care quiz' });
  for (const [index, option] of answers.entries()) {
    await quiz.getByText(option, { exact: true }).click();
    await quiz
      .getByRole('button', { name: index === answers.length - 1 ? 'Create My Plan' : 'Next' })
      .click();
  }
}

/** The new quiz: short, gentle, social, in the evening; nothing like the first answers. */
const retakeQuiz = (page: Page) =>
  takeQuiz(page, [
    '5-10 minutes',
    'Low - I need gentle care',
    'Social connections',
    'Cozy & comforting',
    'Evening person',
  ]);

/** Every activity of the week on screen, as `Day Slot: name`. */
async function weekPlan(page: Page): Promise<string[]> {
  const plan: string[] = [];
  for (const day of DAY_NAMES) {
    const card = dayCard(page, day);
    for (const slot of SLOTS) {
      for (const name of await slotActivityNames(card, day, slot)) plan.push(`${day} ${slot}: ${name}`);
    }
  }
  return plan;
}

async function startOver(page: Page) {
  await page.getByRole('button', { name: 'Start Over' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Begin Your Journey' }).first().waitFor();
}

it('a signed-in user who retakes the quiz gets this week planned from her new answers', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'retake', { quizAnswers: DEFAULT_QUIZ_ANSWERS });
  const before = await weekPlan(page);
  expect(before.length).toBeGreaterThan(0);

  await startOver(page);
  await retakeQuiz(page);
  await page.getByText('Personalizing your plan...').waitFor();
  await waitForWeek(page);
  await expect.poll(() => weekPlan(page)).not.toEqual(before);
  expect(await page.getByRole('dialog', { name: QUESTION }).count()).toBe(0);
  await screenshot(page, 'retake-quiz-replanned-week');

  // It is her week now, not a view of it: a reload shows the same plan.
  const after = await weekPlan(page);
  await page.reload();
  await waitForWeek(page);
  expect(await weekPlan(page)).toEqual(after);
});

it('with an activity ticked she is asked first, and Replace keeps the tick', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'retake-ticked', { quizAnswers: DEFAULT_QUIZ_ANSWERS });
  const before = await weekPlan(page);
  const monday = dayCard(page, 'Monday');
  const box = monday.getByRole('checkbox').first();
  const label = monday.locator('label > span:last-child').first();
  const tickedName = ((await label.textContent()) ?? '').trim();
  await box.check();
  await expect.poll(() => monday.getByText(/^1\/\d+ actions$/).count()).toBe(1);

  await startOver(page);
  await retakeQuiz(page);
  const question = page.getByRole('dialog', { name: QUESTION });
  await question.waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'retake-quiz-question');
  await question.getByRole('button', { name: 'Replace' }).click();
  await question.waitFor({ state: 'detached' });

  // The replan answers after the tick's write and the new week's read; a machine at load 20 took over 30 s.
  await expect.poll(() => weekPlan(page), { timeout: 90_000 }).not.toEqual(before);
  const ticked = page.getByRole('article', { name: /^Monday/ }).getByRole('checkbox', { name: tickedName });
  expect(await ticked.isChecked()).toBe(true);
  await screenshot(page, 'retake-quiz-replaced-week');

  // Keep my plan, the other way out, leaves the week as it is.
  const replaced = await weekPlan(page);
  await startOver(page);
  await takeQuiz(page, [
    '30+ minutes',
    'High - bring on the challenge',
    'Creative expression',
    'Fun & playful',
    'I adapt to both',
  ]);
  await page.getByRole('dialog', { name: QUESTION }).getByRole('button', { name: 'Keep my plan' }).click();
  await page.getByRole('dialog', { name: QUESTION }).waitFor({ state: 'detached' });
  expect(await weekPlan(page)).toEqual(replaced);
});

it('a card she moved in the preview before signing in is where she put it in her first week', async () => {
  const page = await bloom.newPage();
  await page.goto('/');
  await retakeQuiz(page);
  const signInDialog = page.getByRole('dialog', { name: 'Welcome to Bloom' });
  await signInDialog.waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Your self-care blueprint' }).waitFor();

  // Monday is shown first; move its first card one column over.
  const counts = await Promise.all(
    SLOTS.map((slot) => page.getByRole('region', { name: slot }).getByRole('button').count()),
  );
  const fromIndex = counts.findIndex((count) => count > 0);
  expect(fromIndex).toBeGreaterThanOrEqual(0);
  const from = SLOTS[fromIndex] ?? 'Morning';
  const to = SLOTS[fromIndex === 2 ? 1 : fromIndex + 1] ?? 'Midday';
  const card = page.getByRole('region', { name: from }).getByRole('button').first();
  const name = ((await card.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
  await keyboardDrag(page, card, [fromIndex === 2 ? 'ArrowLeft' : 'ArrowRight']);
  await page
    .getByRole('region', { name: to })
    .getByRole('button', { name: new RegExp(`^${name},`) })
    .waitFor();
  expect(await page.evaluate(() => localStorage.getItem('planArrangement'))).toContain('"weekStart"');

  await page.getByRole('button', { name: 'Save my plan' }).click();
  await signInDialog.getByRole('button', { name: /Continue with Google/ }).click();
  await signInThroughEmulator(page, testAccount('arranged'));
  await waitForWeek(page);
  const monday = dayCard(page, 'Monday');
  await expect.poll(() => slotActivityNames(monday, 'Monday', to)).toContain(name);
  expect(await slotActivityNames(monday, 'Monday', from)).not.toContain(name);
  expect(await page.getByText(/10 edits left/).count()).toBeGreaterThan(0);
  await screenshot(page, 'preview-arrangement-kept');
});
