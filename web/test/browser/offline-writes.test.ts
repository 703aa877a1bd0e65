import { CLIENT_MESSAGES } from '@bloom/shared/errors/catalogue';
import type { WeekView } from '@bloom/shared/planner/types';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, setUpBloom } from './harness';
import { dayCard, signInToPlanner } from './planner-support';

/**
 * Nothing lost, nothing doubled (docs/rules.md#errors-and-messages): what she does while Bloom cannot be reached
 * stays on screen, waits on this device, and reaches her week exactly once when the connection is back, even
 * across a reload.
 */
const bloom = setUpBloom();
const THURSDAY = 3;
const WAITING = 'Waiting to sync';

/** Thursday's day view, its Morning slot and the library beside it. */
async function openThursday(page: Page) {
  await dayCard(page, 'Thursday').getByRole('button', { name: 'View & Edit Day' }).click();
  return thursdayView(page);
}

async function thursdayView(page: Page) {
  await page.getByRole('heading', { name: 'Thursday Self-Care Plan' }).waitFor();
  const library = page.getByRole('complementary', { name: 'Activity Library' });
  const morning = page.getByRole('region', { name: 'Morning' });
  await library.getByRole('checkbox').first().waitFor();
  await morning.getByRole('checkbox').first().waitFor();
  return { library, morning };
}

/** Ticks Morning's first open activity and adds one activity from the library; returns both names. */
async function tickAndAdd(library: Locator, morning: Locator) {
  const open = morning.getByRole('checkbox', { checked: false }).first();
  const ticked = await open.evaluate(
    (box) => (box as HTMLInputElement).labels?.[0]?.textContent?.replace(/^Mark (.*) complete$/, '$1') ?? '',
  );
  await open.check();
  const fresh = library.getByRole('checkbox', { checked: false, disabled: false }).first();
  const added = await fresh.evaluate(
    (box) => box.closest('label')?.querySelector('span:nth-of-type(2)')?.textContent ?? '',
  );
  await fresh.check();
  await library.getByRole('button', { name: 'Add Selected (1)' }).click();
  await library.getByRole('button', { name: 'Add Selected (0)' }).waitFor();
  expect(ticked).not.toBe('');
  expect(added).not.toBe('');
  return { ticked, added };
}

/** Morning's cards with exactly this name. */
const cardsNamed = (morning: Locator, name: string) =>
  morning.getByRole('listitem').filter({ has: morning.page().getByText(name, { exact: true }) });

/** Reloads, then reads the week on screen straight from the API, as she is signed in. */
async function reloadAndReadWeek(page: Page): Promise<WeekView> {
  const weekRead = page.waitForRequest(
    (request) => request.method() === 'GET' && /\/api\/weeks\/\d{4}-\d{2}-\d{2}$/.test(request.url()),
  );
  await page.reload();
  const url = (await weekRead).url();
  await thursdayView(page);
  return page.evaluate(async (weekUrl) => {
    const tokenKey = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    const token = tokenKey ? localStorage.getItem(tokenKey) : null;
    const response = await fetch(weekUrl, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as WeekView;
  }, url);
}

/** The week holds the tick and exactly one copy of the add, which spent exactly one edit. */
async function expectChangesOnce(page: Page, changes: { ticked: string; added: string }, week: WeekView) {
  const thursday = week.days.find((day) => day.day === THURSDAY)?.activities ?? [];
  const morningActivities = thursday.filter((activity) => activity.slot === 'Morning');
  expect(morningActivities.filter((activity) => activity.name === changes.added)).toHaveLength(1);
  expect(morningActivities.find((activity) => activity.name === changes.ticked)?.completed).toBe(true);
  expect(week.edits.used).toBe(1);

  const { morning } = await thursdayView(page);
  expect(await cardsNamed(morning, changes.added).count()).toBe(1);
  expect(await cardsNamed(morning, changes.ticked).getByRole('checkbox').isChecked()).toBe(true);
  await page.getByText('9 edits left').first().waitFor();
  expect(await morning.getByText(WAITING).count()).toBe(0);
}

/**
 * Waits for the calm "saved on this device" toast, watching from before she acts: it comes with her first change
 * that cannot be sent, is said once while writes wait, and goes after a few seconds, so on a slow machine it can
 * be gone by the time both changes are made.
 */
function changePendingSaid(page: Page): Promise<void> {
  const said = page.getByText(CLIENT_MESSAGES.changePending).waitFor();
  // Awaited after her changes; a failure of those is the one to report.
  said.catch(() => {});
  return said;
}

/** True once this device's IndexedDB holds her queued writes. */
function writesSavedOnDevice(page: Page) {
  return page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const opening = indexedDB.open('keyval-store');
        opening.onerror = () => resolve(false);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(false);
          const keys = db.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () =>
            resolve(keys.result.some((key) => String(key).startsWith('bloom:queued-writes:')));
          keys.onerror = () => resolve(false);
        };
      }),
    undefined,
    { polling: 200 },
  );
}

it('keeps a tick and an add made offline on screen, sends them when the connection is back, and the week holds each once', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'offline-writer');
  await page.getByText('10 edits left').first().waitFor();
  const { library, morning } = await openThursday(page);

  await page.context().setOffline(true);
  const said = changePendingSaid(page);
  const changes = await tickAndAdd(library, morning);
  await said;
  // Both changes stay on screen, marked calmly, and nothing is rolled back.
  await expect.poll(() => morning.getByText(WAITING).count()).toBe(2);
  expect(await cardsNamed(morning, changes.ticked).getByRole('checkbox').isChecked()).toBe(true);
  expect(await cardsNamed(morning, changes.added).count()).toBe(1);
  await screenshot(page, 'planner-waiting-to-sync');

  await page.context().setOffline(false);
  await expect.poll(() => morning.getByText(WAITING).count()).toBe(0);
  await page.getByText('9 edits left').first().waitFor();

  await expectChangesOnce(page, changes, await reloadAndReadWeek(page));
});

it('sends after a reload the changes made while the API could not be reached, once it can', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'offline-reloader');
  await page.getByText('10 edits left').first().waitFor();
  const { library, morning } = await openThursday(page);

  // The API cannot be reached for writes (the page itself, and reads, still load).
  const unreachable = '**/api/**';
  await page.route(unreachable, (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('internetdisconnected'),
  );
  const said = changePendingSaid(page);
  const changes = await tickAndAdd(library, morning);
  await said;
  await expect.poll(() => morning.getByText(WAITING).count()).toBe(2);
  await writesSavedOnDevice(page);

  // Reloaded while still unreachable: the week as read lacks her changes, yet they show, waiting.
  await page.reload();
  const reloaded = await thursdayView(page);
  await expect.poll(() => reloaded.morning.getByText(WAITING).count()).toBe(2);
  expect(await cardsNamed(reloaded.morning, changes.ticked).getByRole('checkbox').isChecked()).toBe(true);
  expect(await cardsNamed(reloaded.morning, changes.added).count()).toBe(1);

  await page.unroute(unreachable);
  await expect.poll(() => reloaded.morning.getByText(WAITING).count()).toBe(0);
  await page.getByText('9 edits left').first().waitFor();

  await expectChangesOnce(page, changes, await reloadAndReadWeek(page));
});
