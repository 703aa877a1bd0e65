import type { BundledModule } from './build.ts';
import type { PairedTiming } from './measure.ts';

/**
 * Budgets: Bloom's own code adds at most 10 ms of import CPU time over its reference (issue 15; it was 25 ms in
 * issue 3); no bundle over 1 MB.
 */
export const BUDGET = { extraImportMs: 10, bundleBytes: 1024 * 1024 } as const;

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

export function breaches(measurement: Measurement): string[] {
  const found: string[] = [];
  if (measurement.extraMs > BUDGET.extraImportMs) {
    found.push(`+${measurement.extraMs.toFixed(1)} ms over reference`);
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

export function formatTable(
  measurements: Measurement[],
  runs: number,
  noise?: { reference: string; extraMs: number },
): string {
  const header = [
    'function',
    'bundle KB',
    'import ms',
    'cpu ms',
    'reference',
    'ref KB',
    'ref ms',
    'ref cpu ms',
    'own code ms',
    'runs',
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
      ms(m.referenceImportMs),
      ms(m.referenceImportCpuMs),
      `${m.extraMs >= 0 ? '+' : ''}${ms(m.extraMs)}`,
      String(m.runs),
      problems.length === 0 ? 'ok' : `BREACH: ${problems.join(', ')}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  const top3 = (modules: BundledModule[]) =>
    modules
      .slice(0, 3)
      .map((module) => `${module.name} ${(module.bytes / 1024).toFixed(1)} KB`)
      .join(', ');
  const largest = measurements.flatMap((m) => [
    `${m.name.padEnd(widths[0] ?? 0)}  all: ${top3(m.modules)}`,
    `${' '.repeat(widths[0] ?? 0)}  own: ${top3(m.ownModules)}`,
  ]);
  return [
    `Medians over ${runs} fresh Node ${process.version} processes per bundle, alternating with its reference; up to`,
    `${runs * 3} for a function over the budget or within 3 ms of it (its runs column), where fewer could not decide.`,
    'import ms = wall clock; cpu ms = CPU time of the import; own code = median of paired CPU-time differences',
    `(CPU time, because wall clock swings with other load on the machine). Budget: own code <= +${BUDGET.extraImportMs} ms, bundle <= 1 MB.`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(noise
      ? [
          '',
          `Noise floor of this run: the ${noise.reference} reference against a copy of itself reads ${noise.extraMs >= 0 ? '+' : ''}${ms(noise.extraMs)} ms.`,
          'Differences of that size are the machine, not the code; re-run with more (-- --runs=41) to narrow them.',
        ]
      : []),
    '',
    'Three biggest modules of each bundle (a package, or a file of Bloom; minified KB in the bundle): of all,',
    'and of those its reference lacks (own code: what to look at first when own code ms grows):',
    ...largest,
  ].join('\n');
}
