/**
 * Screenshots of Bloom's screens, the same pixels on every run, to show that a change of styles changed nothing
 * on screen (`npm run screenshots --workspace web -- <out dir>`, then `compare.ts`):
 *
 *   npm run screenshots --workspace web -- /tmp/bloom-shots/before      # on the code before the change
 *   npm run screenshots --workspace web -- /tmp/bloom-shots/after       # on the code after it
 *   npm run screenshots:compare --workspace web -- /tmp/bloom-shots/before /tmp/bloom-shots/after
 *
 * It builds the SPA (or serves `--dist <dir>`), starts the local cloud with its own DynamoDB Local and signs one
 * fixed account in through the Cognito emulator. What would move from run to run is held still: the browser's
 * clock is fixed (a week in the future, so the server plans it from the same seed and none of its days is the
 * server's today), the time zone and locale are fixed, animations are stopped and the caret hidden, and the one
 * random text on screen (the calendar link's token) is masked. The landing is captured twice: as first painted
 * from the prerendered HTML (no JavaScript run yet: what the first stylesheet alone draws) and once React owns it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { type LocalCloud, startLocalCloud } from '@bloom/scripts/local-cloud/cloud';
import { localDynamoClient } from '@bloom/scripts/local-cloud/dynamodb';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { build } from 'vite';
import { DESKTOP_VIEWPORT, launchChromium, PHONE, signIn, waitForApp } from '../browser/harness';
import { signedInSub } from '../browser/planner-support';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The browser's "now": a Wednesday far enough ahead that its week is planned on first read (the server plans
 * only current and future weeks) and never holds the server's today. Override with BLOOM_SHOTS_NOW.
 */
const FIXED_NOW = new Date(process.env.BLOOM_SHOTS_NOW ?? '2030-01-16T10:00:00Z');

const ACCOUNT = { email: 'maya.rivers@example.com', name: 'Maya Rivers' };

const QUIZ = [
  ['5-10 minutes'],
  ['Low - I need gentle care'],
  ['Mental wellbeing', 'Creative expression'],
  ['Cozy & comforting'],
  ['Evening person'],
] as const;

interface Shooter {
  /** Saves `<out>/<name>.png`: the full page, or the viewport while a modal dialog is open. */
  shoot(page: Page, name: string, options?: { mask?: Locator[]; viewportOnly?: boolean }): Promise<void>;
}

function shooter(outDir: string): Shooter {
  return {
    async shoot(page, name, options = {}) {
      await settle(page);
      const modal = await page.locator('[aria-modal="true"]').count();
      await page.screenshot({
        path: join(outDir, `${name}.png`),
        fullPage: modal === 0 && !options.viewportOnly,
        animations: 'disabled',
        caret: 'hide',
        mask: options.mask ?? [],
      });
      console.log(`  ${name}`);
    },
  };
}

/** Nothing loading, fonts loaded, two frames drawn and every animation that ends (a dialog fading in) finished. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => {})),
    );
  });
}

/** The pages still open: a failed run leaves a picture of each where it stopped (`failed-<n>.png`). */
const openPages = new Set<Page>();

async function newPage(browser: Browser, url: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    baseURL: url,
    ignoreHTTPSErrors: true,
    timezoneId: 'UTC',
    locale: 'en-US',
    deviceScaleFactor: 1,
    ...options,
  });
  await context.clock.setFixedTime(FIXED_NOW);
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.setDefaultTimeout(60_000);
  return page;
}

/** Opens a path and waits for React to own the page (the pointer moves, as hers would on the landing). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.mouse.move(1, 1);
  await waitForApp(page);
}

async function waitForWeek(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next week' }).waitFor();
  await page.getByText('Loading your activities...').waitFor({ state: 'detached' });
  await page.getByRole('article').first().getByRole('checkbox').first().waitFor();
}

async function signInToPlanner(page: Page): Promise<void> {
  await signIn(page, ACCOUNT);
  await waitForWeek(page);
}

const cloudUrl = (cloud: LocalCloud) => cloud.url.replace(/\/$/, '');

/** What a completed Stripe subscription does to her profile: tier pro (as the billing webhook writes it). */
async function makePro(cloud: LocalCloud, sub: string): Promise<void> {
  const client = localDynamoClient(cloud.dynamodbEndpoint);
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: cloud.tableName,
        Key: { pk: { S: `USER#${sub}` }, sk: { S: 'PROFILE' } },
        UpdateExpression: 'SET tier = :pro',
        ExpressionAttributeValues: { ':pro': { S: 'pro' } },
      }),
    );
  } finally {
    client.destroy();
  }
}

async function closeDialog(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'detached' });
}

/** A visitor on a desktop: the landing, sign-in, the quiz and its plan preview, the public pages, the chat. */
async function visitorDesktop(browser: Browser, url: string, { shoot }: Shooter): Promise<void> {
  const page = await newPage(browser, url);
  await page.goto('/');
  await shoot(page, 'landing-first-paint');
  await page.mouse.move(1, 1);
  await waitForApp(page);
  await shoot(page, 'landing');

  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Welcome to Bloom' }).waitFor();
  await shoot(page, 'sign-in-dialog');
  await closeDialog(page, 'Welcome to Bloom');

  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  await page.getByRole('dialog', { name: 'Bloom' }).getByText('Pro Feature').waitFor();
  await shoot(page, 'chat-visitor', { viewportOnly: true });
  await page.getByRole('button', { name: 'Close chat with Bloom' }).click();

  await page.getByRole('main').getByRole('button', { name: 'Begin Your Journey' }).first().click();
  const quiz = page.getByRole('dialog', { name: 'Your self-care quiz' });
  await quiz.waitFor();
  await shoot(page, 'quiz');
  for (const [index, options] of QUIZ.entries()) {
    for (const option of options) await quiz.getByText(option, { exact: true }).click();
    if (index === 2) await shoot(page, 'quiz-selected');
    await quiz.getByRole('button', { name: index === QUIZ.length - 1 ? 'Create My Plan' : 'Next' }).click();
  }
  await page.getByRole('dialog', { name: 'Welcome to Bloom' }).waitFor();
  await closeDialog(page, 'Welcome to Bloom');
  await page.getByRole('heading', { name: 'Your self-care blueprint' }).waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'plan-preview');

  for (const [path, name, heading] of [
    ['/pricing', 'pricing', 'Give yourself the full ritual'],
    ['/blog', 'blog', 'The Bloom Blog'],
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
    ['/no-such-page', 'not-found', 'Oops! Page not found'],
  ] as const) {
    await open(page, path);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).waitFor();
    await shoot(page, name);
  }
  await page.context().close();
}

/** A visitor on a phone: the landing as first painted and once React owns it, the side menu, pricing. */
async function visitorPhone(browser: Browser, url: string, { shoot }: Shooter): Promise<void> {
  const page = await newPage(browser, url, PHONE);
  await page.goto('/');
  await shoot(page, 'phone-landing-first-paint');
  await page.mouse.move(1, 1);
  await waitForApp(page);
  await shoot(page, 'phone-landing');
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  await shoot(page, 'phone-side-menu');
  await closeDialog(page, 'Menu');
  await open(page, '/pricing');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shoot(page, 'phone-pricing');
  await page.context().close();
}

/**
 * Signed in on a desktop: the week, the day, the account's menus and sheets, progress and pricing on the free
 * plan; then, made Pro, pricing, the week and a conversation with the coach.
 */
async function plannerDesktop(browser: Browser, cloud: LocalCloud, { shoot }: Shooter): Promise<void> {
  const page = await newPage(browser, cloudUrl(cloud), { acceptDownloads: true });
  await open(page, '/');
  await signInToPlanner(page);
  await page.getByText('Week at a Glance').waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'planner');

  await page.getByRole('button', { name: 'Your data' }).click();
  await page.getByRole('menuitem', { name: 'Download my data' }).waitFor();
  await shoot(page, 'account-data-menu', { viewportOnly: true });
  await page.getByRole('menuitem', { name: 'Delete my account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
  await shoot(page, 'delete-account-dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Reminders' }).first().click();
  const reminders = page.getByRole('dialog', { name: 'Reminders' });
  await reminders.getByRole('button', { name: 'Save reminders' }).waitFor();
  await shoot(page, 'reminders-sheet');
  await closeDialog(page, 'Reminders');

  await page.getByRole('button', { name: 'View & Edit Day' }).nth(2).click();
  await page.getByRole('button', { name: '← Back to Week View' }).waitFor();
  await page
    .getByRole('region', { name: /Morning/ })
    .first()
    .waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'day-view');
  await page.getByRole('button', { name: 'Create Custom Activity' }).click();
  await page.getByRole('dialog', { name: 'Create Custom Activity' }).waitFor();
  await shoot(page, 'custom-activity-dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '← Back to Week View' }).click();
  await waitForWeek(page);
  await page.getByRole('button', { name: 'Your progress' }).click();
  await page.getByRole('heading', { name: 'Your progress' }).waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'progress');

  await open(page, '/pricing');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shoot(page, 'pricing-signed-in');
  const accountMenu = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
  await shoot(page, 'account-menu', { viewportOnly: true });
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Your profile' });
  await profile.getByText(ACCOUNT.email).waitFor();
  await profile.getByText(/Free/).first().waitFor();
  await shoot(page, 'profile-dialog');
  await closeDialog(page, 'Your profile');
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Add to calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Add to calendar' });
  await calendar.getByRole('button', { name: 'Create my calendar link' }).waitFor();
  await shoot(page, 'calendar-dialog');
  await calendar.getByRole('button', { name: 'Create my calendar link' }).click();
  // The link holds a random token (and this run's port): masked.
  await calendar.getByRole('textbox').waitFor();
  await shoot(page, 'calendar-link', { mask: [calendar.getByRole('textbox')] });
  await closeDialog(page, 'Add to calendar');

  await makePro(cloud, await signedInSub(page));
  await open(page, '/pricing');
  await page.getByText("You're on Bloom Pro").waitFor();
  await shoot(page, 'pricing-pro');
  await page.getByRole('button', { name: '← Back to my planner' }).click();
  await waitForWeek(page);
  await page.getByText('Unlimited edits').waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'planner-pro');
  await page.getByRole('button', { name: 'Chat with Bloom' }).click();
  const chat = page.getByRole('dialog', { name: 'Bloom' });
  const box = chat.getByPlaceholder("Share what's on your mind...");
  await box.fill('Hello Bloom');
  await box.press('Enter');
  await chat.getByText('Hello Bloom').waitFor();
  await chat.getByText('Bloom is thinking...').waitFor({ state: 'detached' });
  await chat.getByRole('listitem').nth(2).waitFor();
  await page.mouse.move(1, 1);
  await shoot(page, 'chat', { viewportOnly: true });
  await page.context().close();
}

/** Signed in on a phone: the week, the account sheet, the day and its library. */
async function plannerPhone(browser: Browser, cloud: LocalCloud, { shoot }: Shooter): Promise<void> {
  const page = await newPage(browser, cloudUrl(cloud), PHONE);
  await open(page, '/');
  await signInToPlanner(page);
  await shoot(page, 'phone-planner');
  await page.getByRole('button', { name: 'Account & Stats' }).click();
  await page.getByRole('dialog', { name: 'Account & Stats' }).getByText(ACCOUNT.email).waitFor();
  await shoot(page, 'phone-account-sheet');
  await closeDialog(page, 'Account & Stats');
  await page.getByRole('button', { name: 'View & Edit Day' }).first().click();
  await page.getByRole('button', { name: '← Back to Week View' }).waitFor();
  await page
    .getByRole('region', { name: /Morning/ })
    .first()
    .waitFor();
  await shoot(page, 'phone-day-view');
  await page.getByRole('button', { name: '＋ Add' }).click();
  await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
  await shoot(page, 'phone-library');
  await page.context().close();
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { dist: { type: 'string' } },
    allowPositionals: true,
  });
  const [outArg] = positionals;
  if (!outArg) throw new Error('Usage: capture.ts <out dir> [--dist <built web dir>]');
  const givenDist = values.dist;
  const outDir = resolve(outArg);
  await mkdir(outDir, { recursive: true });

  let dist = givenDist ? resolve(givenDist) : undefined;
  let builtDir: string | undefined;
  if (!dist) {
    console.log('Building web/ with Vite...');
    builtDir = await mkdtemp(join(tmpdir(), 'bloom-shots-web-'));
    await build({
      root: WEB_ROOT,
      logLevel: 'warn',
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      build: { outDir: builtDir, emptyOutDir: true },
    });
    dist = builtDir;
  }
  const cloud = await startLocalCloud({ port: 0, https: true, web: 'dist', webDist: dist, log: () => {} });
  const browser = await launchChromium();
  const url = cloudUrl(cloud);
  const shots = shooter(outDir);
  try {
    console.log(`Capturing into ${outDir}:`);
    await visitorDesktop(browser, url, shots);
    await visitorPhone(browser, url, shots);
    await plannerPhone(browser, cloud, shots);
    await plannerDesktop(browser, cloud, shots);
  } catch (error) {
    for (const [index, page] of [...openPages].entries())
      await page.screenshot({ path: join(outDir, `failed-${index}.png`) }).catch(() => {});
    throw error;
  } finally {
    await browser.close().catch(() => {});
    await cloud.stop();
    if (builtDir) await rm(builtDir, { recursive: true, force: true });
  }
}

await main();
