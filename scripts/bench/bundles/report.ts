/** Budgets from issue 3: Bloom's own code adds at most 25 ms of import time over its reference; no bundle over 1 MB. */
export const BUDGET = { extraImportMs: 25, bundleBytes: 1024 * 1024 } as const;

export interface Measurement {
  name: string;
  bytes: number;
  importMs: number;
  reference: string;
  referenceBytes: number;
  referenceImportMs: number;
  /** Import time Bloom's own code adds over the reference (median of paired differences). */
  extraMs: number;
}

export function breaches(measurement: Measurement): string[] {
  const found: string[] = [];
  if (measurement.extraMs > BUDGET.extraImportMs)
    found.push(`+${measurement.extraMs.toFixed(1)} ms over reference`);
  if (measurement.bytes > BUDGET.bundleBytes) found.push(`${kb(measurement.bytes)} KB > 1 MB`);
  return found;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(0);
}

export function formatTable(measurements: Measurement[], runs: number): string {
  const header = [
    'function',
    'bundle KB',
    'import ms',
    'reference',
    'ref KB',
    'ref ms',
    'own code ms',
    'budget',
  ];
  const rows = measurements.map((m) => {
    const problems = breaches(m);
    return [
      m.name,
      kb(m.bytes),
      m.importMs.toFixed(1),
      m.reference,
      kb(m.referenceBytes),
      m.referenceImportMs.toFixed(1),
      `${m.extraMs >= 0 ? '+' : ''}${m.extraMs.toFixed(1)}`,
      problems.length === 0 ? 'ok' : `BREACH: ${problems.join(', ')}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [
    `Median import time over ${runs} fresh Node ${process.version} processes each, alternating with the reference; own code = median of paired differences.`,
    `Budget: own code <= +${BUDGET.extraImportMs} ms, bundle <= 1 MB.`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}
