import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE, screenshot, setUpBloom, signIn, testAccount } from './harness';
import { settled, signInToPlanner } from './planner-support';

const bloom = setUpBloom();

/**
 * The coach's floating button ("Chat with Bloom") covers whatever scrolls under it, so the page ends with room for
 * it: scrolled to the bottom, no text or control of the planner lies under the button. That room is what lets every part of the page
 * be scrolled clear of it.
 */
async function expectNothingUnderCoachButton(page: Page, name: string): Promise<void> {
  // The coach button comes after the week is painted (app/account-extras.tsx): measure once it is there.
  await page.getByRole('button', { name: 'Chat with Bloom' }).waitFor();
  // Scrolled until the end of the page is on screen (again, if the page grew meanwhile).
  await page.waitForFunction(() => {
    const page = document.documentElement;
    window.scrollTo({ top: page.scrollHeight, behavior: 'instant' });
    return window.scrollY + window.innerHeight >= page.scrollHeight - 1;
  });
  const hidden = await page.evaluate(() => {
    const button = document.querySelector('button[aria-label="Chat with Bloom"]');
    const launcher = button?.getBoundingClientRect();
    if (!launcher) return ['no coach button'];
    const content = Array.from(document.querySelectorAll<HTMLElement>('main *')).filter(
      (element) =>
        !button?.parentElement?.contains(element) &&
        (element.matches('button, a, input, select, textarea, progress, img, svg') ||
          Array.from(element.childNodes).some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          )),
    );
    return content
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          box.left < launcher.right &&
          launcher.left < box.right &&
          box.top < launcher.bottom &&
          launcher.top < box.bottom
        );
      })
      .map((element) => element.outerHTML.slice(0, 100));
  });
  expect(hidden).toEqual([]);
  await screenshot(page, name, { viewportOnly: true });
}

it('at 1280x800, scrolled to the end of the week and of a day, nothing lies under the coach button', async () => {
  const page = await bloom.newPage({ viewport: { width: 1280, height: 800 } });
  await signInToPlanner(page, 'clearance-desktop');
  await page.getByText('Week at a Glance').waitFor();
  await expectNothingUnderCoachButton(page, 'planner-coach-clearance-desktop-week');
  await page
    .getByRole('article', { name: /^Sunday/ })
    .getByRole('button', { name: 'View & Edit Day' })
    .click();
  await page.getByRole('heading', { name: 'Sunday Self-Care Plan' }).waitFor();
  await expectNothingUnderCoachButton(page, 'planner-coach-clearance-desktop-day');
});

it('at 390x844, scrolled to the end of the week and of a day, nothing lies under the coach button', async () => {
  const page = await bloom.newPage(PHONE);
  await signInToPlanner(page, 'clearance-phone');
  await page.getByText('Week at a Glance').waitFor();
  await expectNothingUnderCoachButton(page, 'planner-coach-clearance-phone-week');
  await page.getByRole('article').getByRole('button', { name: 'View & Edit Day' }).click();
  await page.getByRole('heading', { name: /Self-Care Plan$/ }).waitFor();
  await expectNothingUnderCoachButton(page, 'planner-coach-clearance-phone-day');
});

it('at 1280x800 in German, the week opens with both day arrows clear of the coach button', async () => {
  const page = await bloom.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await signIn(page, testAccount('clearance-german'));
  // German's longer words make the day cards, and so the grid, taller: centred on it, the right arrow once lay
  // under the coach button, and a click there opened the coach.
  await page.getByRole('button', { name: 'Tag ansehen & bearbeiten' }).first().waitFor();
  await settled(page);
  const coach = await page.getByRole('button', { name: 'Mit Bloom chatten' }).boundingBox();
  for (const name of ['Tage nach links scrollen', 'Tage nach rechts scrollen']) {
    const arrow = await page.getByRole('button', { name }).boundingBox();
    if (!arrow || !coach) throw new Error(`no box for ${name} or the coach button`);
    const apart =
      arrow.x + arrow.width <= coach.x ||
      coach.x + coach.width <= arrow.x ||
      arrow.y + arrow.height <= coach.y ||
      coach.y + coach.height <= arrow.y;
    expect(apart, name).toBe(true);
  }
  await screenshot(page, 'planner-coach-clearance-german-arrows', { viewportOnly: true });
});
