/**
 * No string slips through (issue 24): the app built in the pseudo-locale (`vite build --mode pseudo`: every message
 * reads `[Ɓḗɠīƞ Ẏǿŭř Ĵǿŭřƞḗẏ]`, web/i18n-pseudo.ts), every screen opened, and each visible text, aria-label, title,
 * placeholder and alt that is still plain English listed by screen. What rightly is not a message (the brand,
 * language names, activity names translated as data, `Intl`'s dates, what she typed) is in pseudo-support.ts.
 *
 * Buttons are found by either name, English or pseudo (`either`), so the journey runs before and after a screen
 * is converted. The build is this file's own, served by a cloud of its own; the run's normal build is checked to
 * hold no pseudo text at all.
 */
import { ERRORS } from '@bloom/shared/errors/catalogue';
import { type Browser, chromium, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { newBloomPage, PHONE, signInThroughEmulator, testAccount, waitForApp } from './harness';
import { originOf, startJourneyCloud } from './journey-cloud';
import {
  allowed,
  buildPseudoWeb,
  either,
  filesWithPseudoText,
  isUnlocalized,
  shownTexts,
} from './pseudo-support';

/**
 * Texts not localized, by the first screen that showed them, gathered by each test and reported by the last. Texts
 * of one shape (the same words around other dates, numbers or activities: a heatmap's 84 day labels) are one
 * entry, its first example and how many more.
 */
const found = new Map<string, Map<string, { example: string; more: number }>>();
const seen = new Set<string>();
const account = testAccount('pseudo');
const CUSTOM_ACTIVITY = 'Tea on the balcony';
/** Her who reaches the weekly limit, becomes Pro and deletes her account. */
const limitAccount = testAccount('pseudo-limit');
const COACH_MESSAGE = 'Something calming, please';
const ALLOWED = allowed([account.name, account.email, limitAccount.email, CUSTOM_ACTIVITY, COACH_MESSAGE]);

let browser: Browser | undefined;
let cloud: Awaited<ReturnType<typeof startJourneyCloud>> | undefined;
let removeBuild: (() => Promise<void>) | undefined;
let pseudoDist = '';

beforeAll(async () => {
  const built = await buildPseudoWeb();
  removeBuild = built.remove;
  pseudoDist = built.dist;
  cloud = await startJourneyCloud(built.dist, inject('dynamodbEndpoint'));
  browser = await chromium.connect(inject('chromiumEndpoint'));
}, 600_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await cloud?.stop();
  await removeBuild?.();
});

function newPage(options: Parameters<typeof newBloomPage>[2] = {}): Promise<Page> {
  if (!browser || !cloud) throw new Error('The pseudo-locale cloud is not running');
  return newBloomPage(browser, originOf(cloud), options);
}

/** The shape of a text: what is allowed and any number taken out. */
function shapeOf(text: string): string {
  let shape = text;
  for (const allowedText of ALLOWED) shape = shape.split(allowedText).join('…');
  return shape.replace(/\d+/g, '#');
}

/** Records what `screen` shows that is not a message and no earlier screen showed. */
async function check(page: Page, screen: string): Promise<void> {
  const texts = found.get(screen) ?? new Map<string, { example: string; more: number }>();
  for (const { where, text } of await shownTexts(page)) {
    const shown = where === 'text' ? text : `${where}="${text}"`;
    const shape = shapeOf(shown);
    if (!isUnlocalized(text, ALLOWED)) continue;
    const known = texts.get(shape);
    if (known) {
      if (!seen.has(shown)) known.more++;
    } else if (!seen.has(shape)) texts.set(shape, { example: shown, more: 0 });
    seen.add(shown);
    seen.add(shape);
  }
  found.set(screen, texts);
}

async function answerQuiz(page: Page): Promise<void> {
  const quiz = page.getByRole('dialog', { name: either('Your self-care quiz') });
  const steps: Array<[string[], string]> = [
    [['5-10 minutes'], 'Next'],
    [['Low - I need gentle care'], 'Next'],
    [['Mental wellbeing', 'Creative expression'], 'Next'],
    [['Cozy & comforting'], 'Next'],
    [['Evening person'], 'Create My Plan'],
  ];
  for (const [index, [options, next]] of steps.entries()) {
    await quiz.getByText(either(options[0] ?? '')).waitFor();
    await check(page, `quiz, question ${index + 1}`);
    for (const option of options) await quiz.getByText(either(option)).click();
    await quiz.getByRole('button', { name: either(next) }).click();
  }
  // The step between her answers and her plan is brief: checked when it is caught.
  const personalizing = page.getByText(either('Personalizing your plan...'));
  if (
    await personalizing.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await check(page, 'quiz, personalizing your plan');
  }
}

it('the landing, the quiz, the plan preview, pricing and the 404 page', async () => {
  const page = await newPage();
  await page.goto('/');
  await check(page, 'landing');
  await page
    .getByRole('main')
    .getByRole('button', { name: either('Begin Your Journey') })
    .first()
    .click();
  await answerQuiz(page);
  const signInDialog = page.getByRole('dialog', { name: either('Welcome to Bloom') });
  await signInDialog.waitFor();
  await check(page, 'sign-in dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: either('Your self-care blueprint') }).waitFor();
  await check(page, 'plan preview');

  await page.goto('/pricing');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, 'pricing');

  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, '404 page');
});

/** Signs the test's account in from the landing page's header and waits for the week. */
async function signInToWeek(page: Page, phone = false, who = account): Promise<void> {
  await page.goto('/');
  if (phone) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: either('Open menu') })
      .click();
    await page
      .getByRole('dialog', { name: either('Menu') })
      .getByRole('button', { name: either('Sign In') })
      .click();
  } else {
    await page
      .getByRole('banner')
      .getByRole('button', { name: either('Sign In') })
      .click();
  }
  await page
    .getByRole('dialog', { name: either('Welcome to Bloom') })
    .getByRole('button', { name: either('Continue with Google', { exact: false }) })
    .click();
  await signInThroughEmulator(page, who);
  await waitForApp(page);
  await page.getByRole('button', { name: either(phone ? 'Next day' : 'Next week') }).waitFor();
  await page.getByRole('article').first().getByRole('checkbox').first().waitFor();
}

it('the planner, the day view, its dialogs and the coach', async () => {
  const page = await newPage();
  await signInToWeek(page);
  await check(page, 'planner, desktop');

  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: either('View & Edit Day') })
    .click();
  await page.getByRole('button', { name: either('Create Custom Activity') }).waitFor();
  await page.getByText(either('Loading activities...')).waitFor({ state: 'detached' });
  await check(page, 'day view');
  await page.getByRole('button', { name: either('Create Custom Activity') }).click();
  const form = page.getByRole('dialog', { name: either('Create Custom Activity') });
  await form.getByRole('radio').first().waitFor();
  await check(page, 'custom activity dialog');
  await form.getByRole('textbox').first().fill('   ');
  await form.getByRole('spinbutton').first().fill('0');
  await form.getByRole('textbox').first().focus();
  await form.getByRole('radio').first().focus();
  await page.keyboard.press('Shift+Tab');
  await check(page, 'custom activity dialog, validation messages');
  await form.getByRole('textbox').first().fill(CUSTOM_ACTIVITY);
  await form.getByRole('spinbutton').first().fill('10');
  await form.getByRole('radio').first().check();
  await form.getByRole('button', { name: either('Create Activity') }).click();
  await form.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: either('Chat with Bloom') }).click();
  await page.getByRole('dialog', { name: either('Bloom') }).waitFor();
  await check(page, 'coach chat');
  await page.keyboard.press('Escape');
});

it('the account menu, her progress, reminders, her data and the delete account dialog', async () => {
  const page = await newPage();
  await signInToWeek(page);
  await page
    .getByRole('button', { name: either('Your progress') })
    .first()
    .click();
  await page.getByRole('heading', { name: either('Your progress') }).waitFor();
  await page.getByText(either('Gathering your weeks...')).waitFor({ state: 'detached' });
  await check(page, 'progress');
  await page.getByRole('button', { name: either('← Back to my planner') }).click();

  await page
    .getByRole('button', { name: either('Reminders') })
    .first()
    .click();
  const reminders = page.getByRole('dialog', { name: either('Reminders') });
  await reminders.getByRole('checkbox').first().waitFor();
  await check(page, 'reminders');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: either('Your data') }).click();
  await page.getByRole('menuitem').first().waitFor();
  await check(page, 'her data menu');
  await page.getByRole('menuitem', { name: either('Delete my account') }).click();
  await page.getByRole('dialog', { name: either('Delete your account?') }).waitFor();
  await check(page, 'delete account dialog');
  await page.keyboard.press('Escape');
});

/** The screen with its toast, if this step shows one (a finished day, a kind refusal), checked while it shows. */
async function checkToast(page: Page, screen: string): Promise<void> {
  const toast = page.locator('[role="status"] p, [role="alert"] p').first();
  await toast.waitFor({ timeout: 1_500 }).catch(() => {});
  await check(page, screen);
}

it("the planner's toasts, a finished day, a rest day, waiting to sync and her progress with data", async () => {
  const page = await newPage();
  await signInToWeek(page);
  await page.getByRole('article').first().getByRole('checkbox', { checked: false }).first().check();
  await checkToast(page, 'toast after a tick');
  await page
    .getByRole('button', { name: either('Mark Day Complete') })
    .first()
    .click();
  await page
    .getByRole('button', { name: either('✓ Day Complete') })
    .first()
    .waitFor();
  await checkToast(page, 'day complete');

  const restCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: either('Rest day') }) });
  await restCard
    .first()
    .getByRole('button', { name: either('Rest day') })
    .click();
  await page
    .getByRole('button', { name: either('Undo rest day') })
    .first()
    .waitFor();
  await check(page, 'rest day');
  await restCard
    .first()
    .getByRole('button', { name: either('Rest day') })
    .click();
  await checkToast(page, 'second rest day refused');

  await page.context().setOffline(true);
  await page.getByRole('article').last().getByRole('checkbox', { checked: false }).first().check();
  await page
    .getByText(either('Waiting to sync', { exact: false }))
    .first()
    .waitFor();
  await check(page, 'waiting to sync');
  await page.context().setOffline(false);

  await page
    .getByRole('button', { name: either('Your progress') })
    .first()
    .click();
  await page.getByText(either('Gathering your weeks...')).waitFor({ state: 'detached' });
  await check(page, 'progress, with data');
});

it('the edit limit, pricing and the planner as free and as Pro, the blog and the goodbye after deleting', async () => {
  const page = await newPage();
  await signInToWeek(page, false, limitAccount);
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: either('View & Edit Day') })
    .click();
  const library = page.getByRole('complementary', { name: either('Activity Library') });
  const limit = page.getByRole('dialog', { name: either("You've reached your weekly limit!") });
  for (let edit = 0; edit < 11 && !(await limit.isVisible()); edit++) {
    await library.getByRole('checkbox', { checked: false, disabled: false }).first().check();
    await library.getByRole('button', { name: either('Add Selected (1)') }).click();
    await library
      .getByRole('button', { name: either('Add Selected (0)') })
      .or(limit)
      .first()
      .waitFor();
    if (edit === 0) await checkToast(page, 'toast after an edit');
  }
  await limit.waitFor();
  await check(page, 'edit limit dialog');
  await limit.getByRole('button', { name: either('Upgrade Now') }).click();
  await page.waitForURL((url) => url.pathname === '/pricing');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, 'pricing, signed in (free)');
  await becomePro(page);
  await checkPro(page);
  await page.goto('/blog');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, 'blog index');
  await deleteAccount(page);
  await check(page, 'account deleted, goodbye');
});

/** Pays on the local Stripe's checkout (not Bloom's page: not checked) and waits for Bloom's welcome. */
async function becomePro(page: Page): Promise<void> {
  await page.getByRole('button', { name: either('Start Your Transformation') }).click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(account.name);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('session_id'), {
    timeout: 30_000,
  });
  await page.locator('[role="status"] p').first().waitFor({ timeout: 30_000 });
  await check(page, 'welcome to Pro');
}

/** Sends the coach a message its API answers with `answer` (her daily limit, no connection), and checks the reply. */
async function coachFails(
  page: Page,
  chat: Locator,
  screen: string,
  answer: (route: Route) => Promise<void>,
) {
  const api = '**/api/coach/messages';
  await page.route(api, (route) => (route.request().method() === 'POST' ? answer(route) : route.fallback()));
  await chat.getByRole('textbox').fill(COACH_MESSAGE);
  await chat.getByRole('textbox').press('Enter');
  // Bloom's reply, once she is no longer writing it (the pending bubble).
  await page.waitForTimeout(1_000);
  await chat.locator('li[class*="pending"]').waitFor({ state: 'detached', timeout: 30_000 });
  await check(page, screen);
  await page.unroute(api);
}

/** Her week, where `shown` is (the planner reopens the day view she left: back from it). */
async function backToWeek(page: Page, shown: Locator): Promise<void> {
  const back = page.getByRole('button', { name: either('← Back to Week View') });
  await back.or(shown).first().waitFor();
  if (await back.isVisible()) await back.click();
}

/** Pro: her planner, her coach, the portal's cancel at period end, pricing and its refund offer. */
async function checkPro(page: Page): Promise<void> {
  const manage = page.getByRole('button', { name: either('Manage subscription') });
  await backToWeek(page, manage);
  await manage.first().waitFor();
  await check(page, 'planner, Pro');
  await page.getByRole('button', { name: either('Chat with Bloom') }).click();
  const chat = page.getByRole('dialog', { name: either('Bloom') });
  await chat.getByRole('textbox').waitFor();
  await check(page, 'coach chat, Pro');
  await coachFails(page, chat, 'coach, reply failed', (route) => route.abort('internetdisconnected'));
  const dailyLimit = { code: 'coach_daily_limit_reached', message: ERRORS.coach_daily_limit_reached.message };
  await coachFails(page, chat, 'coach, daily limit reached', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: dailyLimit }),
    }),
  );
  await page.keyboard.press('Escape');

  await manage.first().click();
  await page.waitForURL(/\/p\/session\/bps_/);
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByRole('link', { name: /Return to Bloom/ }).click();
  await manage.first().waitFor();
  // Stripe's event may land after she is back: the planner says it once it has (a reload reads it again).
  const proUntil = page.getByText(either('Pro until', { exact: false })).first();
  for (let tries = 0; tries < 15 && !(await proUntil.isVisible()); tries++) {
    await page.waitForTimeout(1_000);
    if (!(await proUntil.isVisible())) await page.reload();
    await manage.first().waitFor();
  }
  await proUntil.waitFor();
  await check(page, 'planner, Pro canceled at period end');
  await page.goto('/pricing');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, 'pricing, signed in (Pro)');
  await page
    .getByRole('button', { name: either('30-day money-back guarantee') })
    .first()
    .click();
  await page.getByRole('button', { name: either('Keep Pro') }).waitFor();
  await check(page, 'refund offer');
  await page.getByRole('button', { name: either('Keep Pro') }).click();
}

/** Deletes the signed-in account from her data menu, typing the word the dialog shows, and waits for the goodbye. */
async function deleteAccount(page: Page): Promise<void> {
  await page.goto('/');
  const yourData = page.getByRole('button', { name: either('Your data') });
  await backToWeek(page, yourData);
  await yourData.click();
  await page.getByRole('menuitem', { name: either('Delete my account') }).click();
  const dialog = page.getByRole('dialog', { name: either('Delete your account?') });
  // The word to type is a message: the pseudo build's own, as the dialog shows it.
  await dialog.getByRole('textbox').fill((await dialog.locator('strong').first().textContent()) ?? '');
  await dialog.getByRole('button', { name: either('Delete my account') }).click();
  await page.getByRole('button', { name: either('Dismiss') }).waitFor({ timeout: 30_000 });
}

it('the planner on a 390 x 844 phone, its account sheet and the activity library', async () => {
  const page = await newPage(PHONE);
  await signInToWeek(page, true);
  await check(page, 'planner, 390x844');
  await page.getByRole('button', { name: either('Account & Stats') }).click();
  await page.getByRole('dialog', { name: either('Account & Stats') }).waitFor();
  await check(page, 'account sheet, 390x844');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: either('Account & Stats') }).waitFor({ state: 'detached' });

  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: either('View & Edit Day') })
    .click();
  await page
    .getByRole('button', { name: either('＋ Add') })
    .first()
    .click();
  await page.getByRole('dialog', { name: either('Activity Library') }).waitFor();
  await check(page, 'add activity (Activity Library), 390x844');
});

it("the run's normal build holds no pseudo-locale text, and this one shows it", async () => {
  expect(await filesWithPseudoText(inject('webDist'))).toEqual([]);
  expect((await filesWithPseudoText(pseudoDist)).length).toBeGreaterThan(0);
});

it('leaves no text outside the messages on any screen', () => {
  const report = [...found]
    .filter(([, texts]) => texts.size > 0)
    .map(([screen, texts]) => {
      const lines = [...texts.values()].map(
        ({ example, more }) => `  - ${example}${more ? ` (and ${more} more like it)` : ''}`,
      );
      return `${screen}:\n${lines.join('\n')}`;
    })
    .join('\n');
  expect(found.has('landing') && found.has('account sheet, 390x844'), 'every screen was checked').toBe(true);
  if (report) throw new Error(`Text that is not a message (pseudo-locale run), by screen:\n${report}`);
});
