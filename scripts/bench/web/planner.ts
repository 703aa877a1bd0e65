/**
 * The signed-in planner, measured (the second half of `npm run bench:web`). A fresh account signs in through
 * the Cognito emulator's hosted UI, as the browser journeys do, and its first week is planned; then, with her
 * session (Amplify's tokens in localStorage) and nothing else in a fresh browser profile (cold cache):
 *
 * 1. the phone (Chromium's mobile emulation, 390x844) opens `/` and waits until her week is on screen (a day
 *    card with its activities): the scripts fetched by then, gzipped, by file; every request by then, with the
 *    longest chain of requests each sent only after the one before had answered (the critical path); and when
 *    the week's request (`GET /api/weeks/…`) was sent, against when the scripts finished loading;
 * 2. on that page, with the CPU slowed four times (Lighthouse's mobile profile), ticking and unticking an
 *    activity: interaction to next paint (Event Timing: the longest input-to-paint of each tap);
 * 3. Lighthouse (mobile preset) on `/` with the same session: the performance score.
 *
 * Timings are from the page's own clock (resource timing, Event Timing), medians of several runs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * What the functions run in the page (page.evaluate, waitForFunction) use of it: scripts/ compiles without the
 * DOM library, so these few are declared here, for this module alone.
 */
declare const document: {
  querySelector(selector: string): { checked: boolean } | null;
  body: { textContent: string | null };
};
declare const window: { interactions: Map<number, number> };
declare const localStorage: { setItem(name: string, value: string): void };
declare function requestAnimationFrame(callback: () => void): number;
interface PageEntry {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  duration: number;
  interactionId?: number;
}
interface PagePerformance {
  now(): number;
  getEntriesByType(type: string): PageEntry[];
}
declare const PerformanceObserver: new (
  callback: (list: { getEntries(): PageEntry[] }) => void,
) => { observe(options: { type: string; durationThreshold: number; buffered: boolean }): void };

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** The local cloud's certificate is self-signed (Amplify's hosted UI flow needs https). */
const INSECURE_LOCALHOST = ['--ignore-certificate-errors'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** Lighthouse's mobile preset slows the CPU four times; the tick is timed the same way. */
const MOBILE_CPU_SLOWDOWN = 4;

export const PLANNER_BUDGETS = {
  scriptGzipKb: 100,
  performance: 95,
  tickInpMs: 50,
} as const;

/** Her browser storage after signing in: Amplify's tokens and the app's own keys. */
type SessionStorage = Array<{ name: string; value: string }>;

interface TimedRequest {
  path: string;
  type: string;
  start: number;
  end: number;
}

export interface PlannerLoad {
  /** ms from navigation start until a day card with its activities was on screen. */
  weekShownMs: number;
  /** Same-origin scripts fetched until then (paths in dist). */
  scripts: string[];
  requests: TimedRequest[];
  /** The longest chain of requests, each sent after the previous one had answered, ending by weekShownMs. */
  criticalPath: TimedRequest[];
  week: TimedRequest | null;
  /** When the last of those scripts finished loading. */
  scriptsDoneMs: number;
}

export interface PlannerFigures {
  loads: PlannerLoad[];
  /** The same page opened with her tokens expired, as a morning finds them (agedSession). */
  morningLoads: PlannerLoad[];
  tickInpMs: number[];
  performance: number[];
  metrics: Array<Record<string, string>>;
}

/** Signs a new account in through the hosted UI and waits for her first week; returns her localStorage. */
async function signInOnce(browser: Browser, url: string): Promise<SessionStorage> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: url });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    // `?authModal=true` opens "Welcome to Bloom" as soon as the app is up.
    await page.goto('/?authModal=true');
    await page.mouse.move(1, 1);
    await page
      .getByRole('dialog', { name: 'Welcome to Bloom' })
      .getByRole('button', { name: /Continue with Google/ })
      .click();
    await page.waitForURL(/\/oauth2\/authorize/);
    const id = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel('Email').fill(`${id}@example.com`);
    await page.getByLabel('Full name').fill('Maya Rivers');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForWeek(page);
    const origin = new URL(url).origin;
    const state = await context.storageState();
    return state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  } finally {
    await context.close();
  }
}

/** A day card with its activities is on screen; returns when, by the page's clock (checked every frame). */
async function waitForWeek(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () =>
      document.querySelector('main article input[type="checkbox"]') &&
      !document.body.textContent?.includes('Loading your activities...')
        ? performance.now()
        : 0,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Her storage as a morning finds it: Amplify's ID and access tokens expired an hour ago (an ID token lasts an
 * hour), its refresh token still good. Only the tokens' `exp` claims move: their signatures no longer match, which
 * nothing checks before Amplify's refresh replaces them (the API is sent only refreshed tokens).
 */
function agedSession(storage: SessionStorage, now = Date.now()): SessionStorage {
  const exp = Math.floor(now / 1000) - 3600;
  return storage.map((entry) =>
    /\.(idToken|accessToken)$/.test(entry.name) ? { ...entry, value: withExpiry(entry.value, exp) } : entry,
  );
}

function withExpiry(jwt: string, exp: number): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as object;
  return [header, Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url'), signature].join('.');
}

/** A context holding her session and nothing else: cold cache, no service worker, no IndexedDB. */
async function sessionContext(
  browser: Browser,
  url: string,
  storage: SessionStorage,
): Promise<BrowserContext> {
  return browser.newContext({
    ...PHONE,
    ignoreHTTPSErrors: true,
    baseURL: url,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: storage }] },
  });
}

/** The longest chain of requests where each was sent after the one before it had answered. */
function longestChain(requests: TimedRequest[]): TimedRequest[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const best: Array<{ length: number; previous: number }> = [];
  for (const [index, request] of sorted.entries()) {
    let entry = { length: 1, previous: -1 };
    for (let before = 0; before < index; before++) {
      const earlier = sorted[before] as TimedRequest;
      const earlierBest = best[before] as { length: number };
      if (earlier.end <= request.start && earlierBest.length + 1 > entry.length)
        entry = { length: earlierBest.length + 1, previous: before };
    }
    best.push(entry);
  }
  let last = best.reduce((top, entry, index) => (entry.length > (best[top]?.length ?? 0) ? index : top), 0);
  const chain: TimedRequest[] = [];
  while (last >= 0 && sorted[last]) {
    chain.unshift(sorted[last] as TimedRequest);
    last = best[last]?.previous ?? -1;
  }
  return chain;
}

async function loadPlanner(page: Page): Promise<PlannerLoad> {
  await page.goto('/', { waitUntil: 'commit' });
  const weekShownMs = await waitForWeek(page);
  const entries = await page.evaluate(() =>
    (performance as unknown as PagePerformance).getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      type: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  );
  const origin = new URL(page.url()).origin;
  const requests: TimedRequest[] = [
    // The document itself: the navigation's own entry.
    ...(await page.evaluate(() => {
      const navigation = (performance as unknown as PagePerformance).getEntriesByType('navigation')[0];
      return [{ path: '/', type: 'document', start: 0, end: navigation?.responseEnd ?? 0 }];
    })),
    ...entries
      .filter((entry) => entry.start <= weekShownMs)
      .map((entry) => {
        const url = new URL(entry.name);
        return {
          path: url.origin === origin ? url.pathname : entry.name,
          type: entry.type,
          start: entry.start,
          end: entry.end,
        };
      }),
  ];
  const scripts = requests.filter(
    (request) =>
      request.path.startsWith('/assets/') && request.path.endsWith('.js') && request.end <= weekShownMs,
  );
  return {
    weekShownMs,
    scripts: scripts.map((script) => script.path),
    requests,
    criticalPath: longestChain(requests.filter((request) => request.end <= weekShownMs)),
    week: requests.find((request) => request.path.startsWith('/api/weeks/')) ?? null,
    scriptsDoneMs: Math.max(0, ...scripts.map((script) => script.end)),
  };
}

/**
 * Ticks and unticks the first activity of the day on screen `taps` times with the CPU slowed as on Lighthouse's
 * mobile profile; returns each tap's interaction to next paint (Event Timing reports no interaction under 16 ms:
 * such a tap counts as 16).
 */
async function timeTicks(context: BrowserContext, page: Page, taps: number): Promise<number[]> {
  const cdp = await context.newCDPSession(page);
  await page.evaluate(() => {
    window.interactions = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.interactions.set(
          entry.interactionId,
          Math.max(window.interactions.get(entry.interactionId) ?? 0, entry.duration),
        );
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  // Whatever the page loads once the week is shown (idle work) settles first: a tap is timed on a page at rest.
  await page.waitForLoadState('networkidle');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
  const tracing = process.env.BENCH_TICK_TRACE ? context.browser() : null;
  if (tracing)
    await tracing.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'disabled-by-default-devtools.timeline',
        // V8's parse and compile events: what a first tap spends compiling the code it runs for the first time.
        'disabled-by-default-v8.compile',
      ],
    });
  const box = page.locator('main article input[type="checkbox"]').first();
  const durations: number[] = [];
  try {
    for (let tap = 0; tap < taps; tap++) {
      const before = await page.evaluate(() => window.interactions.size);
      const checked = await box.isChecked();
      await box.tap();
      const toggled = await page
        .waitForFunction(
          (was) => {
            const input = document.querySelector('main article input[type="checkbox"]');
            return input !== null && input.checked !== was;
          },
          checked,
          { timeout: 15_000 },
        )
        .then(
          () => true,
          () => false,
        );
      // A tap the page did not take (something over the box for a moment) is left out, not counted as fast.
      if (!toggled) {
        console.log('  a tap did not tick the box: left out');
        continue;
      }
      // Event Timing reports an interaction once its next paint is done: give it a few frames, then read it.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
          ),
      );
      const measured = await page.evaluate((skip) => [...window.interactions.values()].slice(skip), before);
      durations.push(Math.max(16, ...measured));
      // The write settles before the next tap, so each tap is timed alone.
      await page.waitForLoadState('networkidle');
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (tracing)
      await writeFile(`${process.env.BENCH_TICK_TRACE}-${Date.now()}.json`, await tracing.stopTracing());
  }
  return durations;
}

async function lighthousePlanner(
  url: string,
  storage: SessionStorage,
): Promise<{ performance: number; metrics: Record<string, string> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'bloom-lighthouse-planner-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, ...INSECURE_LOCALHOST],
    userDataDir,
  });
  try {
    // Her session goes into the profile on a page that loads none of the app (no script, no service worker),
    // and the HTTP cache is emptied after: Lighthouse then loads the planner cold, keeping storage.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] as BrowserContext;
    const page = await context.newPage();
    await page.goto(`${url}/config.json`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    await browser.close();
    const result = await lighthouse(`${url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      ...(process.env.BENCH_CPU_PROFILE
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const reports = process.env.BENCH_WEB_REPORTS;
    if (reports) {
      const name = join(reports, `planner-lighthouse-${Date.now()}`);
      await writeFile(`${name}.json`, JSON.stringify(result.lhr));
      // The page's trace as Lighthouse recorded it (unthrottled: its model slows it), for Chromium's profiler.
      await writeFile(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const metrics: Record<string, string> = {};
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
    ])
      metrics[id] = result.lhr.audits[id]?.displayValue ?? 'n/a';
    return { performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100), metrics };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** The planner opened `runs` times with her tokens expired (agedSession): what a usual morning waits for. */
async function loadMornings(
  browser: Browser,
  url: string,
  storage: SessionStorage,
  runs: number,
): Promise<PlannerLoad[]> {
  const loads: PlannerLoad[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await sessionContext(browser, url, agedSession(storage));
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const load = await loadPlanner(page);
      loads.push(load);
      console.log(
        `Planner with expired tokens, run ${run + 1} of ${runs}: week on screen at ${ms(load.weekShownMs)}, ` +
          `critical path ${load.criticalPath.length}, week sent at ${load.week ? ms(load.week.start) : 'n/a'} ` +
          `(scripts done at ${ms(load.scriptsDoneMs)})`,
      );
    } finally {
      await context.close();
    }
  }
  return loads;
}

/**
 * Runs the planner's measurements against a local cloud serving the production build over https; prints each
 * run's figures as it goes.
 */
export async function measurePlanner(
  url: string,
  runs: number,
  withLighthouse = true,
): Promise<PlannerFigures> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [...CHROME_FLAGS, ...INSECURE_LOCALHOST],
    headless: true,
  });
  const figures: PlannerFigures = {
    loads: [],
    morningLoads: [],
    tickInpMs: [],
    performance: [],
    metrics: [],
  };
  let storage: SessionStorage = [];
  try {
    console.log('\nPlanner: signing in a new account through the Cognito emulator...');
    storage = await signInOnce(browser, url);
    for (let run = 0; run < runs; run++) {
      const context = await sessionContext(browser, url, storage);
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        const load = await loadPlanner(page);
        figures.loads.push(load);
        console.log(
          `Planner run ${run + 1} of ${runs}: week on screen at ${ms(load.weekShownMs)}, ${load.scripts.length} scripts, ` +
            `${load.requests.length} requests, critical path ${load.criticalPath.length}, week sent at ` +
            `${load.week ? ms(load.week.start) : 'n/a'} (scripts done at ${ms(load.scriptsDoneMs)})`,
        );
        const ticks = await timeTicks(context, page, 4);
        figures.tickInpMs.push(...ticks);
        console.log(`  tick INP (CPU x${MOBILE_CPU_SLOWDOWN}): ${ticks.map(ms).join(', ')}`);
      } finally {
        await context.close();
      }
    }
    figures.morningLoads = await loadMornings(browser, url, storage, runs);
  } finally {
    await browser.close();
  }
  for (let run = 0; withLighthouse && run < runs; run++) {
    const { performance, metrics } = await lighthousePlanner(url, storage);
    figures.performance.push(performance);
    figures.metrics.push(metrics);
    console.log(
      `Planner Lighthouse run ${run + 1} of ${runs}: performance ${performance} (${Object.entries(metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(', ')})`,
    );
  }
  return figures;
}
