import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, PHONE, screenshot, setUpBloom } from './harness';

const bloom = setUpBloom();

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      text: element?.textContent?.trim() ?? '',
      inDialog: Boolean(element?.closest('[role="dialog"]')),
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      tag: element?.tagName ?? '',
      type: element?.getAttribute('type') ?? '',
    };
  });

async function tabUntil(page: Page, matches: (state: Awaited<ReturnType<typeof focused>>) => boolean) {
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press('Tab');
    if (matches(await focused(page))) return;
  }
  throw new Error(`Tab never reached the element; focus is on ${JSON.stringify(await focused(page))}`);
}

describe('keyboard and assistive technology', () => {
  it('skip link first, visible focus, and the whole quiz by keyboard inside a focus-trapping dialog', async () => {
    const page = await bloom.newPage();
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip.text).toBe('Skip to content');
    expect(skip.outline).not.toMatch(/^none|0px$/);

    await tabUntil(page, (state) => state.text === 'Begin Your Journey');
    expect((await focused(page)).outline).not.toMatch(/^none|0px$/);
    await page.keyboard.press('Enter');
    const quiz = page.getByRole('dialog', { name: 'Your self-care quiz' });
    await quiz.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }

    for (let question = 1; question <= 5; question++) {
      await quiz.getByText(`Question ${question} of 5`).waitFor();
      await tabUntil(page, (state) => state.tag === 'INPUT');
      await page.keyboard.press('Space');
      await tabUntil(page, (state) => state.text === 'Next' || state.text === 'Create My Plan');
      if (question < 5) await page.keyboard.press('Enter');
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await quiz.waitFor({ state: 'detached' });
    expect((await focused(page)).text).toBe('Begin Your Journey');
  });

  it('the plan preview rearranges activities with the keyboard', async () => {
    const page = await bloom.newPage();
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'quizAnswers',
        JSON.stringify({
          timeCommitment: '30+ minutes',
          energyLevel: 'Medium - ready for some effort',
          focusAreas: ['Physical health', 'Social connections'],
          vibe: 'Productive & energizing',
          timePreference: 'I adapt to both',
        }),
      );
      localStorage.setItem('currentView', 'planner');
    });
    await page.goto('/');
    const slotNames = ['Morning', 'Midday', 'Evening'];
    const slots = slotNames.map((slot) => page.getByRole('region', { name: slot }));
    await slots[0]?.waitFor();
    // Move the first activity of the first non-empty slot (Morning or Midday) one slot to the right.
    let from = 0;
    while (from < 2 && (await slots[from]?.getByRole('button').count()) === 0) from++;
    const source = slots[from];
    const target = slots[from + 1];
    if (!source || !target) throw new Error('The preview has no slots');
    const card = source.getByRole('button').first();
    const name = /^(.*), \d+ minutes, \w+$/.exec((await card.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    const targetBefore = await target.getByRole('button').count();
    expect(name).not.toBe('');
    await card.focus();
    // Each key waits for its effect before the next: the card is pressed (picked up), then what a screen reader
    // hears (dnd-kit's live region): the activity is over the next slot, then dropped there.
    const targetName = slotNames[from + 1] ?? '';
    const heard = (text: string) =>
      page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await source.locator('[aria-pressed="true"]').waitFor();
    await page.keyboard.press('ArrowRight');
    await heard(`${name} is over ${targetName}.`);
    await page.keyboard.press('Space');
    await heard(`${name} dropped in ${targetName}.`);
    await target.getByText(name, { exact: true }).waitFor();
    expect(await target.getByRole('button').count()).toBe(targetBefore + 1);
    expect(await source.getByText(name, { exact: true }).count()).toBe(0);
    await screenshot(page, 'plan-preview-keyboard-move');
  });

  it('respects prefers-reduced-motion: dialogs appear without animation', async () => {
    const page = await bloom.newPage({ reducedMotion: 'reduce' });
    await page.goto('/?authModal=true');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Bloom' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });

  it('the mobile landing page fits 390 px without sideways scrolling', async () => {
    const page = await bloom.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  it('the mobile plan preview fits 390 px: all seven day tabs on screen, no sideways scrolling', async () => {
    const page = await bloom.newPage(PHONE);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'quizAnswers',
        JSON.stringify({
          timeCommitment: '5-10 minutes',
          energyLevel: 'Low - I need gentle care',
          focusAreas: ['Mental wellbeing'],
          vibe: 'Cozy & comforting',
          timePreference: 'Evening person',
        }),
      );
      localStorage.setItem('currentView', 'planner');
    });
    await page.goto('/');
    const tabs = page.getByRole('group', { name: 'Day of the week' }).getByRole('button');
    await tabs.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const boxes = await tabs.evaluateAll((buttons) =>
      buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(boxes).toHaveLength(7);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'plan-preview-mobile');
  });
});
