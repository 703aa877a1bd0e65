import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import { dayCard, keyboardDrag, settled, signInToPlanner } from './planner-support';

const bloom = setUpBloom();

it('adds activities until the 10th edit opens "You\'ve reached your weekly limit!", and the 11th is refused', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'editor');
  await page.getByText('10 edits left').waitFor();
  await dayCard(page, 'Thursday').getByRole('button', { name: 'View & Edit Day' }).click();
  await page.getByRole('heading', { name: 'Thursday Self-Care Plan' }).waitFor();
  await page.getByText('Select activities from the sidebar and add them to any time slot').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('currentView'))).toBe('day');
  expect(await page.evaluate(() => localStorage.getItem('selectedDayIndex'))).toBe('3');

  const library = page.getByRole('complementary', { name: 'Activity Library' });
  const morning = page.getByRole('region', { name: 'Morning' });
  await library.getByRole('checkbox').first().waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-day-view');

  const before = await morning
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('No activities scheduled') })
    .count();
  // Activities the Morning slot does not hold yet (a slot holds each activity once).
  const fresh = library.getByRole('checkbox', { checked: false, disabled: false });
  const addBatch = async (size: number, expectLeft: number) => {
    for (let index = 0; index < size; index += 1) await fresh.first().check();
    await library.getByRole('button', { name: `Add Selected (${size})` }).click();
    await page
      .getByText(`${expectLeft} edit${expectLeft === 1 ? '' : 's'} left`)
      .first()
      .waitFor();
    await library.getByRole('button', { name: 'Add Selected (0)' }).waitFor();
  };
  await addBatch(4, 6);
  await addBatch(4, 2);
  // Three or fewer left: the pill warns and offers the Upgrade pill.
  await page.getByRole('link', { name: 'Upgrade for unlimited edits' }).waitFor();
  // The 10th edit is kept, and reaching the limit opens the dialog at once (not on the next try).
  for (let index = 0; index < 2; index += 1) await fresh.first().check();
  await library.getByRole('button', { name: 'Add Selected (2)' }).click();
  const modal = page.getByRole('dialog', { name: "You've reached your weekly limit!" });
  await modal.waitFor();
  await modal
    .getByText(
      "You've used all 10 of your weekly edits. Upgrade to Pro for unlimited edits and more features.",
    )
    .waitFor();
  expect(await morning.getByRole('listitem').count()).toBe(before + 10);
  await page.getByText('0 edits left').first().waitFor();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-weekly-limit');
  await modal.getByRole('button', { name: 'Continue Free' }).click();
  await modal.waitFor({ state: 'detached' });

  // The 11th is refused by the server, and the dialog says so again.
  await fresh.first().check();
  await library.getByRole('button', { name: 'Add Selected (1)' }).click();
  await modal.waitFor();
  expect(await morning.getByRole('listitem').count()).toBe(before + 10);
  await modal.getByRole('button', { name: 'Continue Free' }).click();
  await modal.waitFor({ state: 'detached' });
  // The selection is kept (nothing was added), so nothing the person chose is lost.
  await library.getByRole('button', { name: 'Add Selected (1)' }).waitFor();
  await library.getByRole('button', { name: 'Add Selected (1)' }).click();
  await modal.getByRole('button', { name: 'Upgrade Now' }).click();
  await page.waitForURL((url) => url.pathname === '/pricing');
});

it('removes and rearranges activities by keyboard, and Complete All finishes a slot', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'arranger');
  await dayCard(page, 'Friday').getByRole('button', { name: 'View & Edit Day' }).click();
  await page.getByRole('heading', { name: 'Friday Self-Care Plan' }).waitFor();
  const library = page.getByRole('complementary', { name: 'Activity Library' });
  const morning = page.getByRole('region', { name: 'Morning' });
  const evening = page.getByRole('region', { name: 'Evening' });

  // Start from a known day: clear it, then add two activities to the morning.
  const removeButtons = page.getByRole('button', { name: /^Remove / });
  while ((await removeButtons.count()) > 0) {
    const count = await removeButtons.count();
    await removeButtons.first().click();
    await expect.poll(() => removeButtons.count()).toBe(count - 1);
  }
  await expect.poll(() => page.getByText('No activities scheduled').count()).toBe(3);
  const first = (
    (await library.getByRole('group').locator('label > span:nth-of-type(2)').nth(0).textContent()) ?? ''
  ).trim();
  const second = (
    (await library.getByRole('group').locator('label > span:nth-of-type(2)').nth(1).textContent()) ?? ''
  ).trim();
  await library.getByRole('checkbox').nth(0).check();
  await library.getByRole('checkbox').nth(1).check();
  await library.getByRole('button', { name: 'Add Selected (2)' }).click();
  await morning.getByText(first, { exact: true }).waitFor();

  // A new activity shows at once but can be moved only once the server has placed it (its controls enable).
  await expect
    .poll(() => morning.getByRole('button', { name: `Remove ${second}`, exact: true }).isEnabled())
    .toBe(true);
  // Keyboard drag: Space picks up, arrows move towards the evening slot, Space drops.
  const handle = morning.getByRole('button', { name: `Move ${second}`, exact: true });
  await keyboardDrag(page, handle, ['ArrowRight', 'ArrowRight']);
  await expect.poll(() => evening.getByText(second, { exact: true }).count()).toBe(1);
  await page.reload();
  await page.getByRole('heading', { name: 'Friday Self-Care Plan' }).waitFor();
  await page.getByRole('region', { name: 'Evening' }).getByText(second, { exact: true }).waitFor();

  await page.getByRole('region', { name: 'Morning' }).getByRole('button', { name: 'Complete All' }).click();
  await page.getByRole('region', { name: 'Morning' }).getByText('1/1 actions').waitFor();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();
  await screenshot(page, 'planner-day-rearranged');
  await page.getByRole('button', { name: '← Back to Week View' }).click();
  await dayCard(page, 'Friday').getByRole('button', { name: '✓ Day Complete' }).waitFor();
});
