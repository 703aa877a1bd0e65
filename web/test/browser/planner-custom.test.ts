import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import { dayCard, makePro, settled, signInToPlanner, waitForWeek } from './planner-support';

const bloom = setUpBloom();

it('a free user creates a custom activity within the daily allowance; the coach invites to Pro', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'free-custom');
  await dayCard(page, 'Monday').getByRole('button', { name: 'View & Edit Day' }).click();
  await page.getByRole('heading', { name: 'Monday Self-Care Plan' }).waitFor();
  await page.getByRole('button', { name: 'Create Custom Activity' }).click();
  const form = page.getByRole('dialog', { name: 'Create Custom Activity' });
  await form.getByText('The free plan includes 3 custom activities a day.', { exact: false }).waitFor();
  await form.getByLabel('Activity Name').fill('Tea on the balcony');
  await form.getByLabel('Duration (min)').fill('10');
  await form.getByRole('radio').first().check();
  await form.getByRole('button', { name: 'Create Activity' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByText('Tea on the balcony').first().waitFor();

  // The coach is Pro too: the chat panel invites to upgrade.
  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  const chat = page.getByRole('dialog', { name: 'Bloom' });
  await chat.getByText('Pro Feature').waitFor();
  await chat.getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-coach-free');
});

it('a Pro user creates a custom activity after meeting each validation message', async () => {
  const page = await bloom.newPage();
  const { sub } = await signInToPlanner(page, 'pro-custom');
  await makePro(sub);
  await page.reload();
  await waitForWeek(page);
  await page.getByText('Unlimited edits').waitFor();
  expect(await page.getByText('Unlock Pro Features').count()).toBe(0);

  await dayCard(page, 'Monday').getByRole('button', { name: 'View & Edit Day' }).click();
  await page.getByRole('heading', { name: 'Monday Self-Care Plan' }).waitFor();
  await page.getByRole('button', { name: 'Create Custom Activity' }).click();
  const form = page.getByRole('dialog', { name: 'Create Custom Activity' });
  const name = form.getByLabel('Activity Name');
  const duration = form.getByLabel('Duration (min)');
  const submit = form.getByRole('button', { name: 'Create Activity' });
  await name.waitFor();
  expect(await name.getAttribute('placeholder')).toBe('What would you love to do?');
  expect(await form.getByLabel('Time Slot').inputValue()).toBe('Morning');
  expect(await form.getByLabel('Category').inputValue()).toBe('Mental');
  expect(await form.getByRole('radio').count()).toBeLessThanOrEqual(24);
  expect(await submit.isDisabled()).toBe(true);

  await name.fill('   ');
  await duration.focus();
  await form.getByText('Please enter an activity name').waitFor();

  await duration.fill('0');
  await name.focus();
  await form.getByText('Please enter a valid duration').waitFor();

  await form.getByRole('radio').first().focus();
  await page.keyboard.press('Shift+Tab');
  await form.getByText('Please select an icon').waitFor();
  expect(await submit.isDisabled()).toBe(true);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-custom-activity-errors');

  await name.fill('Sunset tea on the balcony');
  await duration.fill('15');
  await form.getByLabel('Category').selectOption('Sensory');
  await form.getByRole('radio').first().check();
  const icon = await form.getByRole('radio').first().inputValue();
  await form.getByLabel('Time Slot').selectOption('Evening');
  await submit.click();
  await form.waitFor({ state: 'detached' });

  const evening = page.getByRole('region', { name: 'Evening' });
  await evening.getByText('Sunset tea on the balcony', { exact: true }).waitFor();
  expect(await evening.getByText(icon).count()).toBeGreaterThan(0);
  const library = page.getByRole('complementary', { name: 'Activity Library' });
  await library.getByRole('checkbox', { name: /Sunset tea on the balcony/ }).waitFor();
  await screenshot(page, 'planner-custom-activity-created');

  // The same name again: the server refuses it, and the form says so in its red box.
  await page.getByRole('button', { name: 'Create Custom Activity' }).click();
  await name.fill('Sunset tea on the balcony');
  await duration.fill('10');
  await form.getByRole('radio').first().check();
  await form.getByRole('button', { name: 'Create Activity' }).click();
  await form.getByRole('alert').getByText('This item already exists.').waitFor();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'detached' });

  // Pro also brings the coach: a message gets Bloom's answer.
  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  const chat = page.getByRole('dialog', { name: 'Bloom' });
  await chat.getByText('Your caring companion', { exact: true }).waitFor();
  await chat.getByPlaceholder("Share what's on your mind...").fill('I feel a bit overwhelmed today');
  await chat.getByRole('button', { name: 'Send' }).click();
  const messages = chat.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
  await expect.poll(() => messages.count()).toBe(3);
  await chat.getByText('Bloom is thinking...').waitFor({ state: 'detached' });
  expect(((await messages.nth(2).textContent()) ?? '').replace('Bloom: ', '').trim()).not.toBe('');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'planner-coach');
});
