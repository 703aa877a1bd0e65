/**
 * The web app's budgets, measured (`npm run bench:web`):
 * 1. builds the SPA with Vite and sums the gzipped JavaScript the landing page loads on first load (the entry
 *    script and its modulepreloads in dist/index.html); budget 100 KB;
 * 2. serves that production build from the local cloud and runs Lighthouse (mobile preset, Debian Chromium) on
 *    `/`; budgets: performance >= 95, accessibility 100, best practices >= 95, SEO 100.
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
const DIST = join(WEB_ROOT, 'dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const BUDGETS = {
  firstLoadGzipKb: 100,
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const;

/** The JavaScript files dist/index.html makes the browser fetch before anything lazy. */
export function firstLoadScripts(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) if (match[1]) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    if (match[1]) files.add(match[1]);
  return [...files];
}

function measureFirstLoad(): number {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  let total = 0;
  console.log('\nLanding page, first load JavaScript (gzip -9):');
  for (const file of firstLoadScripts(html)) {
    const bytes = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    total += bytes;
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGETS.firstLoadGzipKb} KB)`);
  return total / 1024;
}

async function runLighthouse(url: string): Promise<Record<string, number>> {
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
    return scores;
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log('Building web/ with Vite...');
  await build({ root: WEB_ROOT, logLevel: 'warn', configFile: join(WEB_ROOT, 'vite.config.ts') });
  const firstLoadKb = measureFirstLoad();

  const cloud = await startLocalCloud({ port: 0, https: false, web: 'dist' });
  let scores: Record<string, number>;
  try {
    scores = await runLighthouse(`${cloud.url.replace(/\/$/, '')}/`);
  } finally {
    await cloud.stop();
  }

  console.log('\nLighthouse scores on / (budget):');
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
