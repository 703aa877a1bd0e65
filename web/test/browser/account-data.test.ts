import { text } from 'node:stream/consumers';
import type { BloomExport } from '@bloom/shared/account/export';
import { DAY_NAMES } from '@bloom/shared/planner/types';
import { dayIndexOf, todayIn } from '@bloom/shared/week/week';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom, signIn } from './harness';
import { signedInSub, signInToPlanner, waitForWeek } from './planner-support';

const bloom = setUpBloom();

/** Opens "Your data" in the planner's account place (desktop: the top bar). */
async function openYourData(page: Page) {
  await page.getByRole('button', { name: 'Your data' }).click();
}

/** Picks an item of "Your data" and returns the file it downloads: its name and text. */
async function downloadFromMenu(page: Page, item: string) {
  await openYourData(page);
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const file = await download;
  // The run's Chromium is connected to, not launched here: the file it saved is read through that connection.
  return { fileName: file.suggestedFilename(), text: await text(await file.createReadStream()) };
}

/** Ticks the first activity of today's card and waits for the server to have it. */
async function tickOneToday(page: Page) {
  const dayName = DAY_NAMES[dayIndexOf(todayIn('UTC', new Date()))] ?? 'Monday';
  const card = page.getByRole('article', { name: `${dayName} (Today)` });
  const boxes = card.getByRole('checkbox');
  await expect.poll(() => boxes.count()).toBeGreaterThan(0);
  await boxes.first().check();
  await expect.poll(() => card.getByText(/^1\/\d+ actions$/).count()).toBe(1);
}

it('Download my data saves a dated JSON file that parses, and the CSV lists what she completed', async () => {
  const page = await bloom.newPage({ acceptDownloads: true });
  const account = await signInToPlanner(page, 'export');
  await tickOneToday(page);

  const json = await downloadFromMenu(page, 'Download my data');
  expect(json.fileName).toMatch(/^bloom-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.text) as BloomExport;
  expect(data.account).toMatchObject({ id: account.sub, email: account.email });
  expect(json.fileName).toBe(`bloom-export-${data.exportDate}.json`);
  const done = data.weeks.flatMap((week) => week.activities).filter((activity) => activity.completedAt);
  expect(done).toHaveLength(1);

  const csv = await downloadFromMenu(page, 'Download completed activities (CSV)');
  expect(csv.fileName).toBe(`bloom-completed-activities-${data.exportDate}.csv`);
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('date,slot,activity,category,minutes');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(done[0]?.name ?? '?');
});

it('Delete my account (typing DELETE) ends on the landing page with a goodbye; the same Google account then starts afresh', async () => {
  const page = await bloom.newPage({ acceptDownloads: true });
  const account = await signInToPlanner(page, 'delete');
  await tickOneToday(page);

  await openYourData(page);
  await page.getByRole('menuitem', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'delete-account-dialog');
  await confirm.click();

  await page.getByText('Your Bloom account has been deleted.').waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
  await screenshot(page, 'account-deleted-goodbye', { viewportOnly: true });
  // Dismissed, it is gone for good: a reload no longer says it.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.getByText('Your Bloom account has been deleted.').count()).toBe(0);

  // The same Google account again: a new user, with nothing of the old one.
  await signIn(page, account);
  await waitForWeek(page);
  const sub = await signedInSub(page);
  expect(sub).not.toBe(account.sub);
  const fresh = JSON.parse((await downloadFromMenu(page, 'Download my data')).text) as BloomExport;
  expect(fresh.account.id).toBe(sub);
  expect(fresh.quizAnswers).toBeNull();
  expect(fresh.weeks.flatMap((week) => week.activities).filter((activity) => activity.completedAt)).toEqual(
    [],
  );
  expect(fresh.days).toEqual([]);
});
