import { expect, it } from 'vitest';
import { screenshot, setUpBloom } from './harness';
import { signInToPlanner } from './planner-support';

const bloom = setUpBloom();

it('Start Over at the foot of the week shows the landing page from its top, hero first', async () => {
  const page = await bloom.newPage();
  await signInToPlanner(page, 'start-over');
  const startOver = page.getByRole('button', { name: 'Start Over' });
  await startOver.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await startOver.click();

  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('currentView'))).toBeNull();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await screenshot(page, 'start-over-landing', { viewportOnly: true });
});
