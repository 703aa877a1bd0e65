/**
 * The web app's budgets, measured (`npm run bench:web`):
 * 1. builds the SPA with Vite, serves that production build from the local cloud and runs Lighthouse (mobile
 *    preset, Debian Chromium) on `/`; budgets: performance >= 95, accessibility 100, best practices >= 95,
 *    SEO 100;
 * 2. sums the gzipped size of every JavaScript file the browser fetched during that first load (the entry and
 *    whatever it imported before the page went quiet, without any interaction); budget 100 KB. Counting what
 *    was really fetched, rather than reading index.html, also catches code loaded right after first paint.
 * It prints figures and exits non-zero when a budget is missed; it is a report, not a timed test.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { startLocalCloud } from '../local-cloud/cloud';

const WEB_ROOT = resolve(fileURLToPath(import.meta.url), '../../../web');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Lighthouse varies from run to run, more so on a busy machine: take the median of several (its own advice). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const BUDGETS = {
  firstLoadGzipKb: 100,
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const;

/** Gzipped sizes of the same-origin scripts Lighthouse saw the page fetch, read from dist/. */
function measureFirstLoad(dist: string, scriptPaths: readonly string[]): number {
  let total = 0;
  console.log('\nLanding page, JavaScript fetched on first load (gzip -9 of the built files):');
  for (const path of scriptPaths) {
    const bytes = gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
    total += bytes;
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  }
  console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGETS.firstLoadGzipKb} KB)`);
  return total / 1024;
}

interface LighthouseRun {
  scores: Record<string, number>;
  /** Paths (e.g. `/assets/index-abc.js`) of the same-origin scripts fetched during the load. */
  scripts: string[];
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'bloom-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
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

async function main() {
  console.log('Building web/ with Vite...');
  // A build of its own, so a test run rebuilding web/dist at the same time cannot disturb the measurement.
  const dist = await mkdtemp(join(tmpdir(), 'bloom-bench-web-'));
  await build({
    root: WEB_ROOT,
    logLevel: 'warn',
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    build: { outDir: dist, emptyOutDir: true },
  });

  const dynamodbEndpoint = process.env.DYNAMODB_ENDPOINT || undefined;
  const cloud = await startLocalCloud({
    port: 0,
    https: false,
    web: 'dist',
    webDist: dist,
    ...(dynamodbEndpoint ? { dynamodbEndpoint } : {}),
  });
  const runs: LighthouseRun[] = [];
  try {
    for (let index = 0; index < RUNS; index++) {
      console.log(`\nLighthouse run ${index + 1} of ${RUNS}`);
      runs.push(await runLighthouse(`${cloud.url.replace(/\/$/, '')}/`));
    }
  } finally {
    await cloud.stop();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const scores: Record<string, number> = {};
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    scores[id] = median(runs.map((run) => run.scores[id] ?? 0));
  }
  console.log(`\nPerformance per run: ${runs.map((run) => run.scores.performance).join(', ')}`);
  const scripts = [...new Set(runs.flatMap((run) => run.scripts))];
  const firstLoadKb = measureFirstLoad(dist, scripts);
  await rm(dist, { recursive: true, force: true });

  console.log(`\nLighthouse scores on / (median of ${RUNS}; budget):`);
  const misses: string[] = [];
  if (firstLoadKb > BUDGETS.firstLoadGzipKb) misses.push(`first load ${firstLoadKb.toFixed(1)} KB`);
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
    const score = scores[id] ?? 0;
    console.log(`  ${id.padEnd(15)} ${String(score).padStart(3)}  (>= ${BUDGETS[id]})`);
    if (score < BUDGETS[id]) misses.push(`${id} ${score}`);
  }
  if (misses.length) {
    console.log(`\nOver budget: ${misses.join(', ')}`);
    process.exitCode = 1;
  } else console.log('\nAll web budgets hold.');
}

await main();
