/**
 * Helpers of the planner journeys (planner-*.test.ts): sign in straight into the planner, read who signed in
 * from the ID token Amplify keeps, make an account Pro the way the billing webhook would, and find day cards.
 */
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '@bloom/scripts/local-cloud/dynamodb';
import type { QuizAnswers } from '@bloom/shared/quiz/quiz';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { signIn, testAccount } from './harness';

/** Signs a fresh account in from the landing page (with quiz answers stored first, if given) and waits for the week. */
export async function signInToPlanner(
  page: Page,
  label: string,
  options: { quizAnswers?: QuizAnswers } = {},
): Promise<{ email: string; name: string; sub: string }> {
  const account = testAccount(label);
  await page.goto('/');
  if (options.quizAnswers) {
    await page.evaluate(
      (answers) => localStorage.setItem('quizAnswers', JSON.stringify(answers)),
      options.quizAnswers,
    );
  }
  await signIn(page, account);
  await waitForWeek(page);
  return { ...account, sub: await signedInSub(page) };
}

/** The week's day cards are on screen (the skeleton is gone). */
export async function waitForWeek(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next week' }).waitFor();
  await page.getByText('Loading your activities...').waitFor({ state: 'detached' });
}

/** The `sub` claim of the ID token Amplify stored for the signed-in user. */
export async function signedInSub(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('No ID token in localStorage: not signed in?');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/** What a completed Stripe subscription does to the profile: tier pro. */
export async function makePro(sub: string): Promise<void> {
  const client = localDynamoClient(inject('dynamodbEndpoint'));
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: inject('tableName'),
        Key: { pk: { S: `USER#${sub}` }, sk: { S: 'PROFILE' } },
        UpdateExpression: 'SET tier = :pro',
        ExpressionAttributeValues: { ':pro': { S: 'pro' } },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** The day card whose heading starts with the day name (it may read "Wednesday (Today)"). */
export function dayCard(page: Page, dayName: string): Locator {
  return page.getByRole('article', { name: new RegExp(`^${dayName}`) });
}

/** The activity names listed in one slot of a day card, in order. */
export function slotActivityNames(card: Locator, dayName: string, slot: string): Promise<string[]> {
  return card
    .getByRole('region', { name: `${dayName} ${slot}` })
    .locator('label > span:last-child')
    .allInnerTexts();
}

export { DAY_NAMES } from '@bloom/shared/planner/types';

/** What `layoutShiftWhenNextWeekArrivesLate` keeps on the page's window. */
interface LayoutShiftWatch {
  shifts: number[];
  count: (entries: PerformanceEntryList) => void;
  layoutShifts: PerformanceObserver;
  /** When the tap on "Next week" ended, by the page's clock. */
  tappedAt: number;
}

/**
 * Cumulative layout shift while the next week's data arrives late: held until a second after the tap on "Next
 * week" by the page's own clock, long past the 500 ms in which Chromium excuses a shift as a result of an input
 * (`hadRecentInput`). Counted once the week is drawn and its animations have ended.
 */
export async function layoutShiftWhenNextWeekArrivesLate(page: Page): Promise<number> {
  await page.evaluate(() => {
    const watched = window as unknown as LayoutShiftWatch;
    watched.shifts = [];
    watched.tappedAt = Number.POSITIVE_INFINITY;
    watched.count = (entries) => {
      for (const entry of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) watched.shifts.push(entry.value);
    };
    watched.layoutShifts = new PerformanceObserver((list) => watched.count(list.getEntries()));
    watched.layoutShifts.observe({ type: 'layout-shift', buffered: false });
    window.addEventListener('pointerup', (event) => {
      watched.tappedAt = event.timeStamp;
    });
  });
  let arrive = () => {};
  const late = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route('**/api/weeks/**', async (route) => {
    await late;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByText('Loading your activities...').waitFor();
  await page.waitForFunction(
    () => performance.now() - (window as unknown as LayoutShiftWatch).tappedAt > 1000,
  );
  arrive();
  await waitForWeek(page);
  await settled(page);
  // The frame that draws the week is measured by the next one; what the observer has not reported yet is taken.
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const watched = window as unknown as LayoutShiftWatch;
    watched.count(watched.layoutShifts.takeRecords());
    return watched.shifts.reduce((sum, value) => sum + value, 0);
  });
}

/** Waits for running CSS animations that end (a dialog fading in, not a spinner) to finish, so axe measures the colours people see. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Drags with the keyboard as a person would: Space picks the handle's activity up, each arrow moves it, Space
 * drops it. dnd-kit measures positions between key presses, so each press waits for the next frame.
 */
export async function keyboardDrag(page: Page, handle: Locator, arrows: string[]): Promise<void> {
  const frame = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  await handle.focus();
  await page.keyboard.press('Space');
  await frame();
  for (const arrow of arrows) {
    await page.keyboard.press(arrow);
    await frame();
  }
  await page.keyboard.press('Space');
}
