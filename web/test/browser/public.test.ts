import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations, MOBILE_VIEWPORT, screenshot, setUpBloom } from './harness';

const bloom = setUpBloom();
let page: Page;

describe('public pages', () => {
  beforeEach(async () => {
    page = await bloom.newPage();
  });

  it('landing: hero, steps, testimonials, FAQ and footer, accessible', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('two minutes');
    for (const text of [
      'Takes 2 minutes',
      'Completely personal',
      'Forever free',
      '10,000+ users',
      '100+ activities',
    ]) {
      expect(await page.getByText(text).count()).toBeGreaterThan(0);
    }
    for (const step of ['Share Your Story', 'Receive Your Blueprint', 'Bloom Every Day']) {
      await page.getByRole('heading', { name: step }).waitFor();
    }
    expect(await page.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(3);
    const faq = page.locator('#faq details');
    expect(await faq.count()).toBe(5);
    await faq.nth(0).locator('summary').click();
    await faq.nth(1).locator('summary').click();
    expect(await page.locator('#faq details[open]').count()).toBe(2);
    await page.getByRole('navigation', { name: 'Company' }).waitFor();
    await page.getByRole('navigation', { name: 'Legal' }).waitFor();
    await page.getByText('© 2025 Bloom').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'landing-desktop');
  });

  it('landing: only the entry script loads until she reaches for the page; an early press is held, not lost', async () => {
    // A page of its own, without the harness's goto (which reaches for the page and waits for the app).
    const context = await bloom.browser.newContext({ baseURL: bloom.url, ignoreHTTPSErrors: true });
    try {
      const visit = await context.newPage();
      const scripts: string[] = [];
      visit.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await visit.goto('/', { waitUntil: 'networkidle' });
      expect(scripts).toHaveLength(1);
      expect(await visit.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
      // The click moves the pointer first (which starts loading the app) and is pressed again once it is ready.
      await visit.getByRole('main').getByRole('button', { name: 'Begin Your Journey' }).first().click();
      await visit.getByRole('dialog', { name: 'Your self-care quiz' }).waitFor();
      expect(scripts.length).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });

  it('landing: the floating chat button invites a visitor to Pro', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Bloom' }).click();
    const panel = page.getByRole('dialog', { name: 'Bloom' });
    await panel.getByText('Pro Feature').waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'landing-chat-invitation');
    await panel.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
  });

  it('header anchors scroll on / and go to / first from another page', async () => {
    await page.goto('/blog');
    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(() => {
      const faq = document.getElementById('faq');
      return faq !== null && Math.abs(faq.getBoundingClientRect().top) < 120;
    });
  });

  it('autoQuiz=true opens the quiz and authModal=true the sign-in dialog; both leave the address', async () => {
    await page.goto('/?autoQuiz=true');
    await page.getByRole('dialog', { name: 'Your self-care quiz' }).waitFor();
    await page.waitForURL((url) => !url.search.includes('autoQuiz'));
    await page.goto('/?authModal=true');
    await page.getByRole('dialog', { name: 'Welcome to Bloom' }).waitFor();
    await page.waitForURL((url) => !url.search.includes('authModal'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('pricing: yearly by default, monthly from the address, toggle, and sign-in first', async () => {
    await page.goto('/pricing');
    await page.getByText('€49.99').waitFor();
    await page.getByText('Save €33.89 per year').waitFor();
    await page.goto('/pricing?plan=monthly');
    await page.getByText('€6.99').waitFor();
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    await page.getByText('Yearly', { exact: true }).click();
    await page.getByText('€49.99').waitFor();
    await page.waitForURL((url) => url.search === '?plan=yearly');
    await page.getByRole('button', { name: 'Start Your Transformation' }).click();
    await page.getByRole('dialog', { name: 'Welcome to Bloom' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pendingCheckoutPlan'))).toBe('yearly');
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'pricing');
  });

  it('blog index and the article', async () => {
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'The Bloom Blog' }).waitFor();
    await page.getByRole('link', { name: /Best Self-Care Apps/ }).click();
    await page.waitForURL('**/blog/best-self-care-apps');
    await page.getByRole('heading', { name: 'How to choose: five honest questions' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'blog-article');
  });

  it('legal pages say January 16, 2025 and Google sign-in', async () => {
    for (const [path, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText('Last updated January 16, 2025').waitFor();
      expect(await page.locator('article').textContent()).toMatch(/Google/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, title.toLowerCase().replaceAll(' ', '-'));
    }
  });

  it('mobile 390x844: side menu instead of header links', async () => {
    const mobile = await bloom.newPage({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    await mobile.goto('/');
    expect(await mobile.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await mobile.getByRole('button', { name: 'Open menu' }).click();
    const menu = mobile.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'How it Works' }).waitFor();
    await menu.getByRole('button', { name: 'Begin Your Journey' }).waitFor();
    await expectNoSeriousA11yViolations(mobile);
    await screenshot(mobile, 'landing-mobile-menu');
    await mobile.keyboard.press('Escape');
    await screenshot(mobile, 'landing-mobile');
    await mobile.context().close();
  });
});

describe('the production build', () => {
  it('points to no source map: the maps stay with the build, never on the public site', () => {
    const assets = join(inject('webDist'), 'assets');
    const served = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file));
    expect(served.length).toBeGreaterThan(0);
    for (const file of served) {
      expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/[#@] sourceMappingURL=/);
    }
    // Still written next to the build, for reading a stack trace against it (infra/lib/web.ts leaves them out).
    expect(readdirSync(assets).some((file) => file.endsWith('.js.map'))).toBe(true);
  });
});
