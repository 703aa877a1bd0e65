/**
 * The web app's budgets, measured (`npm run bench:web`):
 * 1. builds the SPA with Vite, serves that production build from the local cloud and runs Lighthouse (mobile
 *    preset, Debian Chromium) on `/` once for each of Bloom's languages, the browser asking for it (`--lang`,
 *    `Accept-Language`), so each run gets that language's prerendered landing (docs/decisions/0009); budgets, in
 *    every language: performance >= 95, accessibility 100, best practices >= 95, SEO 100;
 * 2. sums, for each language, the gzipped size of every JavaScript file the browser fetched during that first load (the entry and
 *    whatever it imported before the page went quiet, without any interaction); budget 66 KB (React and React
 *    DOM alone weigh about that, so the landing must not need them to paint: web/README.md). Counting what
 *    was really fetched, rather than reading index.html, also catches code loaded right after first paint.
 *    It prints the largest modules of each of those files, and what the first interaction then loads (the app
 *    that hydrates the landing), with its largest modules, so a regression names its cause;
 * 3. the signed-in planner (scripts/bench/web/planner.ts) on a phone, with a session from the Cognito emulator:
 *    the script fetched until her week is on screen (budget 100 KB), the requests by then and their critical
 *    path, whether the week's request runs beside the scripts, Lighthouse performance (>= 95) and a tick's
 *    interaction to next paint (CPU 4x, under 50 ms).
 * It prints figures and exits non-zero when a budget is missed; it is a report, not a timed test.
 * `npm run bench:web -- --planner` measures the planner alone (while working on it); `BENCH_WEB_REPORTS=<dir>`
 * keeps each planner Lighthouse report there as JSON (its LCP element, long tasks) with its trace, and
 * `BENCH_CPU_PROFILE=1` adds V8's CPU samples to that trace (what ran inside a long task; the profiler's own cost
 * then weighs on the figures of that run). `BENCH_TICK_TRACE=<path prefix>` records a Chromium trace with CPU
 * samples of each run's taps.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LOCALES, type Locale } from '@bloom/shared/i18n/locales';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, type Plugin } from 'vite';
import { startLocalCloud } from '../local-cloud/cloud';
import { startDynamoDbLocal } from '../local-cloud/dynamodb';
import { measurePlanner, PLANNER_BUDGETS, type PlannerFigures, type PlannerLoad } from './web/planner';

const WEB_ROOT = resolve(fileURLToPath(import.meta.url), '../../../web');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Lighthouse varies from run to run, more so on a busy machine: take the median of several (its own advice). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PLANNER_ONLY = process.argv.includes('--planner');

const BUDGETS = {
  firstLoadGzipKb: 66,
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const;

/** What the build wrote: each JavaScript chunk's modules (rendered size) and the chunks it imports. */
interface BuiltChunk {
  modules: Array<{ id: string; bytes: number }>;
  imports: string[];
  dynamicImports: string[];
}

/** A Vite plugin that records every chunk of the client build, keyed by its path in dist (`/assets/x.js`). */
function recordChunks(chunks: Map<string, BuiltChunk>): Plugin {
  return {
    name: 'bloom-bench-record-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(`/${output.fileName}`, {
          modules: Object.entries(output.modules)
            .map(([id, module]) => ({ id, bytes: module.renderedLength }))
            .sort((a, b) => b.bytes - a.bytes),
          imports: output.imports.map((file) => `/${file}`),
          dynamicImports: output.dynamicImports.map((file) => `/${file}`),
        });
      }
    },
  };
}

/** A module's name as a person reads it: the package, or the path inside web/ or shared/. */
function moduleName(id: string): string {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
  const inPackage = clean.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (inPackage) return `${inPackage[1]} (${inPackage[2]})`;
  return clean.replace(/^.*?\/(web|shared)\//, '$1/');
}

function gzipKb(dist: string, path: string): number {
  return gzipSync(readFileSync(join(dist, path)), { level: 9 }).length / 1024;
}

/** Prints each file's gzipped size and its largest modules (minified size before gzip); returns the total KB. */
function printScripts(dist: string, paths: readonly string[], chunks: Map<string, BuiltChunk>): number {
  let total = 0;
  for (const path of paths) {
    const kb = gzipKb(dist, path);
    total += kb;
    console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${path}`);
    for (const module of chunks.get(path)?.modules.slice(0, 3) ?? []) {
      console.log(
        `             ${(module.bytes / 1024).toFixed(1).padStart(6)} KB src  ${moduleName(module.id)}`,
      );
    }
  }
  return total;
}

/**
 * The libraries the planner cannot draw without, whatever Bloom's own code weighs: about 105 KB gzipped on their
 * own, above the planner's 100 KB budget (docs/decisions/0010-planner-script-floor.md).
 */
const FLOOR_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|react-router|react-intl|@tanstack\/[^/]+|@formatjs\/[^/]+)\//;

/**
 * How much of `paths`' gzipped KB is the floor's libraries: each file's gzipped size shared out by its modules'
 * rendered sizes (an estimate: gzip does not compress every module alike).
 */
function floorLibrariesKb(dist: string, paths: readonly string[], chunks: Map<string, BuiltChunk>): number {
  let total = 0;
  for (const path of paths) {
    const modules = chunks.get(path)?.modules ?? [];
    const all = modules.reduce((sum, module) => sum + module.bytes, 0);
    const libraries = modules
      .filter((module) => FLOOR_LIBRARIES.test(module.id))
      .reduce((sum, module) => sum + module.bytes, 0);
    if (all > 0) total += (gzipKb(dist, path) * libraries) / all;
  }
  return total;
}

/** Gzipped sizes of the same-origin scripts Lighthouse saw the page fetch, read from dist/. */
function measureFirstLoad(
  dist: string,
  scriptPaths: readonly string[],
  chunks: Map<string, BuiltChunk>,
  locale: Locale,
): number {
  console.log(
    `\nLanding page in ${locale}, JavaScript fetched on first load (gzip -9 of the built files; largest modules, KB of rendered source before minification):`,
  );
  const total = printScripts(dist, scriptPaths, chunks);
  console.log(`  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGETS.firstLoadGzipKb} KB)`);
  return total;
}

/**
 * What the first interaction loads on top: the chunks the first-load files import dynamically (the app that
 * hydrates the landing) with everything they import statically. Not budgeted; printed to watch its growth.
 */
function printOnInteraction(
  dist: string,
  firstLoad: readonly string[],
  chunks: Map<string, BuiltChunk>,
): void {
  const loaded = new Set(firstLoad);
  const pending = firstLoad.flatMap((path) => chunks.get(path)?.dynamicImports ?? []);
  const added: string[] = [];
  while (pending.length > 0) {
    const path = pending.shift() as string;
    if (loaded.has(path)) continue;
    loaded.add(path);
    added.push(path);
    pending.push(...(chunks.get(path)?.imports ?? []));
  }
  console.log('\nLoaded on her first interaction (React and the app hydrating the landing; not budgeted):');
  const total = printScripts(dist, added, chunks);
  console.log(`  ${total.toFixed(1).padStart(7)} KB  total`);
}

interface LighthouseRun {
  scores: Record<string, number>;
  /** Paths (e.g. `/assets/index-abc.js`) of the same-origin scripts fetched during the load. */
  scripts: string[];
}

/** A browser set to one language, as a visitor's is: `navigator.languages` and `Accept-Language`. */
const BROWSER_LANGUAGES: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
};

async function runLighthouse(url: string, locale: Locale): Promise<LighthouseRun> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'bloom-lighthouse-'));
  const language = BROWSER_LANGUAGES[locale];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, `--lang=${language}`, `--accept-lang=${language}`],
    userDataDir,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      extraHeaders: { 'Accept-Language': `${language},${locale};q=0.9` },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const scores: Record<string, number> = {};
    for (const [id, category] of Object.entries(result.lhr.categories))
      scores[id] = Math.round((category.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
    );
    if (failing.length) {
      console.log('\nAudits below 0.9:');
      for (const audit of failing) console.log(`  ${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`);
    }
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ];
    console.log('\nLighthouse metrics (mobile, simulated throttling):');
    for (const id of metrics) console.log(`  ${id}: ${result.lhr.audits[id]?.displayValue ?? 'n/a'}`);
    const origin = new URL(url).origin;
    const requests =
      (
        result.lhr.audits['network-requests']?.details as {
          items?: Array<{ url: string; resourceType?: string }>;
        }
      )?.items ?? [];
    const scripts = requests
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(origin))
      .map((request) => new URL(request.url).pathname);
    return { scores, scripts: [...new Set(scripts)] };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

type Scores = Record<string, number>;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse RUNS times on the landing in `locale`: the median scores and the scripts of the first load. */
async function measureLanguage(url: string, locale: Locale): Promise<{ scores: Scores; scripts: string[] }> {
  const language = BROWSER_LANGUAGES[locale];
  const served = await (await fetch(url, { headers: { 'accept-language': language } })).text();
  if (!served.includes(`<html lang="${locale}">`))
    throw new Error(`/ asked for in ${language} is not the landing prerendered in ${locale}`);
  const runs: LighthouseRun[] = [];
  for (let index = 0; index < RUNS; index++) {
    console.log(`\nLighthouse run ${index + 1} of ${RUNS}, landing in ${locale}`);
    runs.push(await runLighthouse(url, locale));
  }
  const scores: Scores = {};
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id] ?? 0));
  console.log(`\nPerformance per run (${locale}): ${runs.map((run) => run.scores.performance).join(', ')}`);
  return { scores, scripts: [...new Set(runs.flatMap((run) => run.scripts))] };
}

/** Prints each language's scores and first load against the budgets; returns what missed them. */
function judge(results: Map<Locale, { scores: Scores; firstLoadKb: number }>): string[] {
  const misses: string[] = [];
  console.log(`\nThe landing in each language (median of ${RUNS} Lighthouse runs; budget):`);
  console.log(`  ${'language'.padEnd(15)} ${LOCALES.map((locale) => locale.padStart(6)).join('')}  budget`);
  const row = (label: string, values: string[], budget: string) =>
    console.log(`  ${label.padEnd(15)} ${values.map((value) => value.padStart(6)).join('')}  ${budget}`);
  row(
    'first load KB',
    LOCALES.map((locale) => (results.get(locale)?.firstLoadKb ?? 0).toFixed(1)),
    `<= ${BUDGETS.firstLoadGzipKb}`,
  );
  for (const id of CATEGORIES) {
    row(
      id,
      LOCALES.map((locale) => String(results.get(locale)?.scores[id] ?? 0)),
      `>= ${BUDGETS[id]}`,
    );
  }
  for (const [locale, { scores, firstLoadKb }] of results) {
    if (firstLoadKb > BUDGETS.firstLoadGzipKb)
      misses.push(`${locale} first load ${firstLoadKb.toFixed(1)} KB`);
    for (const id of CATEGORIES) {
      const score = scores[id] ?? 0;
      if (score < BUDGETS[id]) misses.push(`${locale} ${id} ${score}`);
    }
  }
  return misses;
}

async function main() {
  console.log('Building web/ with Vite...');
  // A build of its own, so a test run rebuilding web/dist at the same time cannot disturb the measurement.
  const dist = await mkdtemp(join(tmpdir(), 'bloom-bench-web-'));
  const chunks = new Map<string, BuiltChunk>();
  await build({
    root: WEB_ROOT,
    logLevel: 'warn',
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    plugins: [recordChunks(chunks)],
    build: { outDir: dist, emptyOutDir: true },
  });

  // One DynamoDB Local for both clouds: the landing's (http, as before) and the planner's (https: Amplify's
  // hosted UI flow builds https addresses).
  const dynamodb = process.env.DYNAMODB_ENDPOINT ? null : await startDynamoDbLocal();
  const dynamodbEndpoint = process.env.DYNAMODB_ENDPOINT || (dynamodb?.endpoint as string);
  const misses: string[] = [];
  try {
    if (!PLANNER_ONLY) await measureLanding(dist, chunks, dynamodbEndpoint, misses);
    await benchPlanner(dist, chunks, dynamodbEndpoint, misses);
  } finally {
    await dynamodb?.stop();
    await rm(dist, { recursive: true, force: true });
  }
  if (misses.length) {
    console.log(`\nOver budget: ${misses.join(', ')}`);
    process.exitCode = 1;
  } else console.log('\nAll web budgets hold: the landing in every language, and the planner.');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureLanding(
  dist: string,
  chunks: Map<string, BuiltChunk>,
  dynamodbEndpoint: string,
  misses: string[],
): Promise<void> {
  const cloud = await startLocalCloud({
    port: 0,
    https: false,
    web: 'dist',
    webDist: dist,
    dynamodbEndpoint,
  });
  const measured = new Map<Locale, { scores: Scores; scripts: string[] }>();
  try {
    for (const locale of LOCALES)
      measured.set(locale, await measureLanguage(`${cloud.url.replace(/\/$/, '')}/`, locale));
  } finally {
    await cloud.stop();
  }
  const results = new Map<Locale, { scores: Scores; firstLoadKb: number }>();
  for (const [locale, { scores, scripts }] of measured) {
    results.set(locale, { scores, firstLoadKb: measureFirstLoad(dist, scripts, chunks, locale) });
  }
  printOnInteraction(dist, measured.get('en')?.scripts ?? [], chunks);
  misses.push(...judge(results));
}

const passFail = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** The signed-in planner (scripts/bench/web/planner.ts): her week's first load, a tick, Lighthouse. */
async function benchPlanner(
  dist: string,
  chunks: Map<string, BuiltChunk>,
  dynamodbEndpoint: string,
  misses: string[],
): Promise<void> {
  const cloud = await startLocalCloud({ port: 0, https: true, web: 'dist', webDist: dist, dynamodbEndpoint });
  let figures: PlannerFigures;
  try {
    figures = await measurePlanner(cloud.url.replace(/\/$/, ''), RUNS);
  } finally {
    await cloud.stop();
  }
  // The run whose week showed at the median time stands for all: its files, requests and critical path.
  const byTime = [...figures.loads].sort((a, b) => a.weekShownMs - b.weekShownMs);
  const typical = byTime[Math.floor(byTime.length / 2)] as PlannerLoad;
  console.log(
    '\nPlanner, JavaScript fetched until her week is on screen (gzip -9 of the built files; largest modules):',
  );
  const scriptKb = printScripts(dist, typical.scripts, chunks);
  console.log(`  ${scriptKb.toFixed(1).padStart(7)} KB  total in ${typical.scripts.length} files`);
  console.log(`\nRequests until her week is on screen (run with the median time; ms from navigation start):`);
  for (const request of typical.requests)
    console.log(
      `  ${String(Math.round(request.start)).padStart(6)} -> ${String(Math.round(request.end)).padStart(6)}  ${request.path}`,
    );
  console.log(
    `\nCritical path (each sent after the one before answered): ${typical.criticalPath.length} requests: ${typical.criticalPath.map((request) => request.path).join(' -> ')}`,
  );
  const parallelRuns = figures.loads.filter(
    (load) => load.week && load.week.start < load.scriptsDoneMs,
  ).length;
  const parallel = parallelRuns * 2 > figures.loads.length;
  const inp = median(figures.tickInpMs);
  const performance = median(figures.performance);
  const weekShown = median(figures.loads.map((load) => load.weekShownMs));
  const weekSent = median(figures.loads.map((load) => load.week?.start ?? Number.POSITIVE_INFINITY));
  const scriptsDone = median(figures.loads.map((load) => load.scriptsDoneMs));
  console.log(`\nPlanner (medians; budget):`);
  console.log(
    `  week on screen          ${Math.round(weekShown)} ms (Chromium, phone, no throttling; a report)`,
  );
  console.log(
    `  requests before it      ${median(figures.loads.map((load) => load.requests.length))}, critical path ${median(figures.loads.map((load) => load.criticalPath.length))}`,
  );
  const librariesKb = floorLibrariesKb(dist, typical.scripts, chunks);
  const mornings = figures.morningLoads;
  console.log(
    `  with expired tokens     week on screen ${Math.round(median(mornings.map((load) => load.weekShownMs)))} ms, week sent at ${Math.round(median(mornings.map((load) => load.week?.start ?? Number.POSITIVE_INFINITY)))} ms, critical path ${median(mornings.map((load) => load.criticalPath.length))} (a morning: Amplify refreshes first; a report)`,
  );
  console.log(
    `  script until week shown ${scriptKb.toFixed(1)} KB gz (<= ${PLANNER_BUDGETS.scriptGzipKb} KB)  ${passFail(scriptKb <= PLANNER_BUDGETS.scriptGzipKb)}`,
  );
  console.log(
    `    of it React, react-router, TanStack Query and react-intl about ${librariesKb.toFixed(1)} KB, Bloom's own about ${(scriptKb - librariesKb).toFixed(1)} KB (docs/decisions/0010)`,
  );
  console.log(
    `  week's request          sent at ${Math.round(weekSent)} ms, scripts done at ${Math.round(scriptsDone)} ms: ${parallel ? 'in parallel' : 'after the scripts'} in ${parallelRuns} of ${figures.loads.length} runs (in parallel)  ${passFail(parallel)}`,
  );
  console.log(
    `  Lighthouse performance  ${performance} (${figures.performance.join(', ')}) (>= ${PLANNER_BUDGETS.performance})  ${passFail(performance >= PLANNER_BUDGETS.performance)}`,
  );
  console.log(
    `  tick INP                ${Math.round(inp)} ms (CPU x4; ${figures.tickInpMs.map(Math.round).join(', ')}) (< ${PLANNER_BUDGETS.tickInpMs} ms)  ${passFail(inp < PLANNER_BUDGETS.tickInpMs)}`,
  );
  if (scriptKb > PLANNER_BUDGETS.scriptGzipKb) misses.push(`planner script ${scriptKb.toFixed(1)} KB`);
  if (!parallel) misses.push("planner week's request after the scripts");
  if (performance < PLANNER_BUDGETS.performance) misses.push(`planner performance ${performance}`);
  if (inp >= PLANNER_BUDGETS.tickInpMs) misses.push(`planner tick INP ${Math.round(inp)} ms`);
}

await main();
