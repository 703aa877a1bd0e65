/**
 * What every browser journey needs: Bloom running on the local cloud, Debian Chromium driven by
 * playwright-core, screenshots kept for CI, an axe check and a sign-in through the Cognito emulator.
 *
 *   const bloom = setUpBloom();                  // top level of the file: connects before, disconnects after its tests
 *   const page = await bloom.newPage();          // in a test: fresh context, no cookies, no storage
 *   await page.goto('/');                        // relative to bloom.url; waits until the app is ready
 *   await expectNoSeriousA11yViolations(page);
 *   await screenshot(page, 'landing');
 *
 * The run starts one local cloud and one Chromium (global-setup.ts) and journey files run in parallel against
 * them: a test keeps to its own browser context and its own account (`testAccount`). A file that changes what
 * the whole cloud does (the Stripe emulator's clock or webhook settings) asks for a cloud of its own:
 * `setUpBloom({ ownCloud: true })`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';

export { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium } from './chromium';

/** Git-ignored; CI keeps it as an artifact. */
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 } as const;
/** A phone as Chromium emulates one: its viewport, touch, and overlay scrollbars that take no width. */
export const PHONE = { viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true } as const;

export interface Bloom {
  /** The app's origin, e.g. `https://localhost:53123`. */
  url: string;
  /** The local Stripe's origin: its dashboard (clock, webhook settings) is at `/dashboard`. */
  stripeUrl: string;
  /** The run's Chromium, connected for this file. */
  browser: Browser;
  /** A page in a fresh browser context (its own storage), desktop-sized unless told otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * A cloud for this file alone, in its worker. Imported only here: the local cloud's modules (routes, handlers,
 * emulators) are a large import that the other files, which only connect to the run's cloud, do without.
 */
async function startOwnCloud(): Promise<{ url: string; stripeUrl: string; stop(): Promise<void> }> {
  const { originOf, startJourneyCloud } = await import('./journey-cloud');
  const cloud = await startJourneyCloud(inject('webDist'), inject('dynamodbEndpoint'));
  return { url: originOf(cloud), stripeUrl: cloud.stripeUrl ?? '', stop: () => cloud.stop() };
}

/**
 * Bloom for the file's tests: the run's Chromium and the run's cloud, or with `ownCloud` a cloud started for this
 * file in its worker (for a journey that changes what every user of a cloud sees). Call it at the top level of the
 * file: it registers `beforeAll` (connect, start) and `afterAll` (disconnect, stop); using it outside a test
 * (before `beforeAll` has run) throws.
 */
export function setUpBloom(options: { ownCloud?: boolean } = {}): Bloom {
  let bloom: Omit<Bloom, 'newPage'> | undefined;
  let browser: Browser | undefined;
  let ownCloud: Awaited<ReturnType<typeof startOwnCloud>> | undefined;
  beforeAll(async () => {
    const [connected, started] = await Promise.allSettled([
      chromium.connect(inject('chromiumEndpoint')),
      options.ownCloud ? startOwnCloud() : Promise.resolve(undefined),
    ]);
    // Kept before anything can throw, so afterAll lets go of whatever did start.
    if (connected.status === 'fulfilled') browser = connected.value;
    if (started.status === 'fulfilled') ownCloud = started.value;
    if (connected.status === 'rejected') throw connected.reason;
    if (started.status === 'rejected') throw started.reason;
    bloom = {
      url: ownCloud ? ownCloud.url : inject('bloomUrl'),
      stripeUrl: ownCloud ? ownCloud.stripeUrl : inject('stripeUrl'),
      browser: connected.value,
    };
  });
  afterAll(async () => {
    // Closes this file's contexts and disconnects; the run's Chromium goes on for the other files.
    await browser?.close().catch(() => {});
    await ownCloud?.stop();
    bloom = undefined;
    browser = undefined;
    ownCloud = undefined;
  });
  const started = () => {
    if (!bloom)
      throw new Error('Bloom is not running: use it inside a test of the file that called setUpBloom()');
    return bloom;
  };
  return {
    get url() {
      return started().url;
    },
    get stripeUrl() {
      return started().stripeUrl;
    },
    get browser() {
      return started().browser;
    },
    newPage: (options) => newBloomPage(started().browser, started().url, options),
  };
}

/**
 * A page of Bloom at `url` in a fresh context of `browser` (its own storage), desktop-sized unless told otherwise.
 * Call it in a test (or a `beforeEach`): when the test ends, a failed one leaves a screenshot of where it stopped
 * (`failed-<test name>.png`), and the context is closed, so a finished test's page takes no more of the machine.
 */
export async function newBloomPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    baseURL: url,
    // The local cloud's certificate is self-signed.
    ignoreHTTPSErrors: true,
    ...options,
  });
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const [index, open] of context.pages().entries())
        await screenshot(open, `failed-${task.name.slice(0, 60)}${index ? `-${index}` : ''}`).catch(() => {});
    }
    await context.close().catch(() => {});
  });
  const page = await context.newPage();
  // Generous: the machine running the journeys may be busy with other work (CI, several test runs at once).
  page.setDefaultTimeout(30_000);
  // The landing page is prerendered and loads React when a visitor reaches for it (src/boot-on-intent.ts).
  // Every page.goto therefore moves the pointer, as she would, and waits for the app to be ready, so the
  // journeys drive the React app (a button pressed before would be held and pressed again, not lost).
  const goto = page.goto.bind(page);
  page.goto = async (target, gotoOptions) => {
    const response = await goto(target, gotoOptions);
    await page.mouse.move(1, 1);
    await waitForApp(page);
    return response;
  };
  return page;
}

/** Waits until React owns the page (the app sets `data-app-ready` on <html>). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}

/**
 * Saves a screenshot as `web/test-results/<name>.png`: the full page, or only the viewport (while a modal dialog is
 * open, or when asked: what is on screen at the current scroll). A full-page capture draws fixed layers (a dialog, its backdrop, the chat button) where the first screen
 * ends, over a page that is locked behind the dialog anyway; the viewport is what a person sees.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { viewportOnly?: boolean } = {},
): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}${name.replace(/[^a-z0-9-]+/gi, '-')}.png`;
  const modal = await page.locator('[aria-modal="true"]').count();
  await page.screenshot({ path, fullPage: modal === 0 && !options.viewportOnly, animations: 'disabled' });
  return path;
}

/** Runs axe (WCAG 2.x A and AA rules) on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours mid-animation (a dialog fading in) are not the colours people read: let the animations that end
  // (not a spinner's endless turn) finish first.
  await page.evaluate(async () => {
    // Two frames first, so animations of elements that just appeared have started.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => {})),
    );
  });
  // Imported when first used: axe's source is large, and some journey files never check.
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length > 0) {
    const report = serious
      .map(
        (violation) =>
          `${violation.impact}: ${violation.id} (${violation.help})\n${violation.nodes
            .slice(0, 5)
            .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
  }
}

/**
 * Completes the hosted UI of the Cognito emulator (it stands in for Google): fills Email and Full name and
 * presses Continue, then waits to be back on Bloom. Call it after pressing "Continue with Google".
 */
export async function signInThroughEmulator(
  page: Page,
  account: { email: string; name: string },
): Promise<void> {
  await page.waitForURL(/\/oauth2\/authorize/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Full name').fill(account.name);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes('/oauth2/') && !url.search.includes('code='), {
    timeout: 30_000,
  });
  await waitForApp(page);
}

/**
 * Opens the sign-in dialog from the header (from its side menu on a phone), continues with Google and completes
 * the emulator's form.
 */
export async function signIn(page: Page, account: { email: string; name: string }): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  }
  await page
    .getByRole('dialog', { name: 'Welcome to Bloom' })
    .getByRole('button', { name: /Continue with Google/ })
    .click();
  await signInThroughEmulator(page, account);
}

/** A unique account per test, so journeys never share data. */
export function testAccount(label: string): { email: string; name: string } {
  const id = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${id}@example.com`, name: 'Maya Rivers' };
}
