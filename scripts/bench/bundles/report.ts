import { BOOTSTRAP } from './bootstrap.ts';
import type { BundledModule } from './build.ts';
import type { PairedTiming } from './measure.ts';

/**
 * Budgets (issue 25): the upper end of the 95% interval of what Bloom's own code adds to the import's CPU time
 * over its reference is at most +15 ms, over at least 63 pairs (issue 15 held the median of 15 rounds at +10 ms,
 * a figure that moved by 10 ms between a quiet and a busy run); no bundle over 1 MB.
 */
export const BUDGET = { extraImportHighMs: 15, minPairs: 63, bundleBytes: 1024 * 1024 } as const;

export interface Measurement extends PairedTiming {
  name: string;
  bytes: number;
  reference: string;
  referenceBytes: number;
  /** The bundle's modules, largest first (esbuild metafile). */
  modules: BundledModule[];
  /** Those its reference does not have: what Bloom's own code brings, largest first. */
  ownModules: BundledModule[];
}

/** The reference against a byte-identical copy of itself, timed the same way. */
export interface NoiseFloor extends PairedTiming {
  reference: string;
}

export function breaches(measurement: Measurement): string[] {
  const found: string[] = [];
  if (measurement.extraHighMs > BUDGET.extraImportHighMs) {
    found.push(`upper end ${signed(measurement.extraHighMs)} ms > +${BUDGET.extraImportHighMs}`);
  }
  if (measurement.bytes > BUDGET.bundleBytes) found.push(`${kb(measurement.bytes)} KB > 1 MB`);
  return found;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(0);
}

function ms(value: number): string {
  return value.toFixed(1);
}

/** `+1.2`, `-0.4`, `+0.0`: never `-0.0` for a difference that rounds to nothing. */
function signed(value: number): string {
  const rounded = ms(value);
  return Number(rounded) === 0 ? '+0.0' : `${value > 0 ? '+' : ''}${rounded}`;
}

/** `[-1.2, +3.4]`: a paired timing's 95% interval. */
export function interval(timing: PairedTiming): string {
  return `[${signed(timing.extraLowMs)}, ${signed(timing.extraHighMs)}]`;
}

/** One function's figure, as the bench prints it while it goes. */
export function formatProgress(measurement: Measurement): string {
  const problems = breaches(measurement);
  return `${measurement.name}: ${signed(measurement.extraMs)} ms ${interval(measurement)} over ${measurement.pairs} pairs, ${problems.length === 0 ? 'PASS' : `FAIL (${problems.join(', ')})`}`;
}

export function formatNoise(noise: NoiseFloor): string {
  return `Noise floor (the ${noise.reference} reference against a copy of itself): ${signed(noise.extraMs)} ms ${interval(noise)} over ${noise.pairs} pairs`;
}

export function formatTable(
  measurements: Measurement[],
  noise: NoiseFloor | undefined,
  skipped: string[],
): string {
  const header = [
    'function',
    'bundle KB',
    'import ms',
    'cpu ms',
    'reference',
    'ref KB',
    'ref cpu ms',
    'own code ms',
    '95% interval',
    'pairs',
    'budget',
  ];
  const rows = measurements.map((m) => {
    const problems = breaches(m);
    return [
      m.name,
      kb(m.bytes),
      ms(m.importMs),
      ms(m.importCpuMs),
      m.reference,
      kb(m.referenceBytes),
      ms(m.referenceImportCpuMs),
      signed(m.extraMs),
      interval(m),
      String(m.pairs),
      problems.length === 0 ? 'PASS' : `FAIL: ${problems.join(', ')}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const top3 = (modules: BundledModule[]) =>
    modules
      .slice(0, 3)
      .map((module) => `${module.name} ${(module.bytes / 1024).toFixed(1)} KB`)
      .join(', ');
  const largest = measurements.flatMap((m) => [
    `${m.name.padEnd(widths[0] ?? 0)}  all: ${top3(m.modules)}`,
    `${' '.repeat(widths[0] ?? 0)}  own: ${top3(m.ownModules)}`,
  ]);
  const fewPairs = measurements.filter((m) => m.pairs < BUDGET.minPairs);
  return [
    `Each function's bundle and its reference imported in fresh Node ${process.version} processes, in pairs (one right`,
    'after the other, which goes first alternating). import ms = median wall clock; cpu ms = median CPU time of the',
    'import; own code = median of the paired CPU-time differences (CPU time, because wall clock swings with other',
    `load), with its 95% percentile bootstrap interval (${BOOTSTRAP.resamples.toLocaleString('en')} resamples of the pairs, seed '${BOOTSTRAP.seed}').`,
    `Budget: upper end of the interval <= +${BUDGET.extraImportHighMs} ms over at least ${BUDGET.minPairs} pairs; bundle <= 1 MB.`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(noise
      ? [
          '',
          `${formatNoise(noise)}.`,
          'An interval of that width is the machine, not the code; more pairs (-- --pairs=127) narrow every interval.',
        ]
      : []),
    ...(fewPairs.length > 0
      ? [
          '',
          `Fewer than ${BUDGET.minPairs} pairs for ${fewPairs.map((m) => m.name).join(', ')}: a quick look, not the budget's measure.`,
        ]
      : []),
    ...(skipped.length > 0
      ? ['', `Not measured (the run's --seconds were spent): ${skipped.join(', ')}.`]
      : []),
    '',
    'Three biggest modules of each bundle (a package, or a file of Bloom; minified KB in the bundle): of all,',
    'and of those its reference lacks (own code: what to look at first when own code ms grows):',
    ...largest,
  ].join('\n');
}
