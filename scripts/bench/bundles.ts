/**
 * Bundle benchmark (`npm run bench:bundles [-- --pairs=N] [--only=weeks/get,me/update] [--seconds=S]`): builds
 * every function's handler exactly as the stack does, and a reference bundle per set of SDK clients, then imports
 * each next to its reference in pairs of fresh processes and prints its size and what its own code adds to the
 * import, with a 95% bootstrap interval. Exits non-zero only when a budget is breached.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BACKGROUND_FUNCTIONS, ROUTES } from '../../functions/src/routes.ts';
import { handlerEntry } from '../../infra/lib/bundling.ts';
import { type BundledModule, bundleEntry, bundleSource } from './bundles/build.ts';
import { measurePairs, type PairedTiming, pairedTiming } from './bundles/measure.ts';
import { referenceName, referenceSource, type Service } from './bundles/reference.ts';
import {
  BUDGET,
  breaches,
  formatNoise,
  formatProgress,
  formatTable,
  type Measurement,
  type NoiseFloor,
} from './bundles/report.ts';

function option(name: string): string | undefined {
  return process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
}

// 63 pairs at least (issue 25): with 15, a function's median moved by 10 ms between a quiet and a busy run, and
// the interval is what is budgeted. `--runs=` is the option's former name.
const pairs = Number(option('pairs') ?? option('runs') ?? BUDGET.minPairs);
if (!Number.isInteger(pairs) || pairs < 5) throw new Error('--pairs must be an integer of at least 5');

// `--seconds=240`: start no function that would end after that many seconds (judged by the longest one measured so
// far, the noise floor at first), and print the table of those measured: CI gives the bench what is left of its
// run. Each function takes about a second a pair on a loaded 2-core machine.
const secondsOption = option('seconds');
const seconds = secondsOption === undefined ? Number.POSITIVE_INFINITY : Number(secondsOption);
if (!(seconds > 0)) throw new Error('--seconds must be a positive number');
const deadline = performance.now() + seconds * 1000;

// `--only=weeks/get,me/update` measures just those handlers: a quick look at the few a change touches.
const functions: readonly { handler: string; uses?: readonly Service[] }[] = [
  ...ROUTES,
  ...BACKGROUND_FUNCTIONS,
];
const only = option('only')
  ?.split(',')
  .filter((name) => name !== '');
const unknown = only?.filter((name) => !functions.some((fn) => fn.handler === name)) ?? [];
if (unknown.length > 0) throw new Error(`--only names no function's handler: ${unknown.join(', ')}`);
const measured = only ? functions.filter((fn) => only.includes(fn.handler)) : functions;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-bench-bundles-'));
try {
  const references = new Map<string, { file: string; modules: BundledModule[] }>();
  async function referenceFor(uses: readonly Service[]) {
    const name = referenceName(uses);
    let built = references.get(name);
    if (!built) {
      const file = path.join(workDir, `reference-${name}`, 'index.mjs');
      built = { file, modules: await bundleSource(referenceSource(uses), file) };
      references.set(name, built);
    }
    return { name, ...built };
  }

  // The noise floor first, so that even a run cut short shows it: the DynamoDB reference against a byte-identical
  // copy of itself, timed the same way. Its interval is what the machine's own jitter puts around every row.
  const floor = await referenceFor([]);
  const copy = path.join(workDir, `reference-${floor.name}-copy`, 'index.mjs');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.copyFileSync(floor.file, copy);
  let started = performance.now();
  const noise: NoiseFloor = { reference: floor.name, ...pairedTiming(measurePairs(copy, floor.file, pairs)) };
  let longestMs = performance.now() - started;
  // Progress on stderr, so a run cut short (CI gives it a few minutes) still shows what it measured.
  console.error(formatNoise(noise));

  // Every bundle first, then the timing, the functions with the most code of their own first: a run cut short
  // (CI gives the bench what is left of its time) has measured those most likely to be over.
  const bundled: (Omit<Measurement, keyof PairedTiming> & { file: string; referenceFile: string })[] = [];
  for (const fn of measured) {
    const reference = await referenceFor(fn.uses ?? []);
    const inReference = new Set(reference.modules.map((module) => module.name));
    const file = path.join(workDir, fn.handler, 'index.mjs');
    const modules = await bundleEntry(handlerEntry(fn.handler), file, fn.handler);
    bundled.push({
      file,
      referenceFile: reference.file,
      modules,
      ownModules: modules.filter((module) => !inReference.has(module.name)),
      name: fn.handler,
      bytes: fs.statSync(file).size,
      reference: reference.name,
      referenceBytes: fs.statSync(reference.file).size,
    });
  }
  const ownBytes = (b: (typeof bundled)[number]) =>
    b.ownModules.reduce((sum, module) => sum + module.bytes, 0);
  bundled.sort((a, b) => ownBytes(b) - ownBytes(a));

  const measurements: Measurement[] = [];
  const skipped: string[] = [];
  for (const { file, referenceFile, ...built } of bundled) {
    if (performance.now() + longestMs > deadline) {
      skipped.push(built.name);
      continue;
    }
    started = performance.now();
    const measurement: Measurement = { ...built, ...pairedTiming(measurePairs(file, referenceFile, pairs)) };
    longestMs = Math.max(longestMs, performance.now() - started);
    measurements.push(measurement);
    console.error(formatProgress(measurement));
  }

  console.log(formatTable(measurements, noise, skipped));
  const failing = measurements.filter((measurement) => breaches(measurement).length > 0);
  if (failing.length > 0) {
    console.error(`\n${failing.length} function(s) over budget: ${failing.map((m) => m.name).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
