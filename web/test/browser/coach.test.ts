import { DAY_NAMES } from '@bloom/shared/planner/types';
import { expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, screenshot, setUpBloom } from './harness';
import { dayCard, makePro, signInToPlanner, slotActivityNames, waitForWeek } from './planner-support';

const bloom = setUpBloom();

it('a Pro user asks Bloom for something calming tonight; it lands in the Evening slot, the chat survives a reload, and Start fresh clears it', async () => {
  const page = await bloom.newPage();
  const { sub } = await signInToPlanner(page, 'pro-coach');
  await makePro(sub);
  await page.reload();
  await waitForWeek(page);
  await page.getByText('Unlimited edits').waitFor();

  const today = await page
    .getByRole('article')
    .getByRole('heading', { name: /\(Today\)/ })
    .textContent();
  const dayName = DAY_NAMES.find((name) => today?.startsWith(name) || false);
  if (!dayName) throw new Error(`No day card reads today: ${today}`);
  const card = dayCard(page, dayName);
  const before = await slotActivityNames(card, dayName, 'Evening');

  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  const chat = page.getByRole('dialog', { name: 'Bloom' });
  await chat.getByText('Bloom is an AI companion, not a person or a therapist.').waitFor();
  const box = chat.getByPlaceholder("Share what's on your mind...");
  await box.fill('Could you find me something calming for this evening?');
  await box.press('Enter');
  const reply = chat.getByText(/I've added .+ to your plan for this evening/);
  await reply.waitFor();
  const added = /I've added (?:\S+ )?(.+?) to your plan/.exec((await reply.textContent()) ?? '')?.[1];
  expect(added).toBeTruthy();

  // The planner reads the week again: tonight's Evening slot shows it, without a reload.
  await expect.poll(() => slotActivityNames(card, dayName, 'Evening')).toEqual([...before, added]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'coach-added-tonight');

  // After a reload the conversation is still there: Bloom keeps it.
  await page.reload();
  await waitForWeek(page);
  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  await chat.getByText('Could you find me something calming for this evening?').waitFor();
  await chat.getByText(/I've added .+ to your plan for this evening/).waitFor();

  // Start fresh clears it, and it stays cleared.
  await chat.getByRole('button', { name: 'Start fresh' }).click();
  await chat
    .getByText('Could you find me something calming for this evening?')
    .waitFor({ state: 'detached' });
  await page.reload();
  await waitForWeek(page);
  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  await chat.getByText("Hi, I'm Bloom, your caring companion.", { exact: false }).waitFor();
  // The greeting shows while the stored conversation is read; it has been read once this line is gone.
  await chat.getByText('Opening our conversation...').waitFor({ state: 'detached' });
  expect(await chat.getByText('Could you find me something calming for this evening?').count()).toBe(0);
  await screenshot(page, 'coach-start-fresh');
});
