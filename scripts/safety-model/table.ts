/** Plain-text tables for the safety model's scripts (bench.ts, patterns-report.ts). */

/** `12.5%` of hits in total, or `-` when there is nothing to count. */
export const percent = (hits: number, total: number) =>
  total === 0 ? '-' : `${((100 * hits) / total).toFixed(1)}%`;

/** Columns padded to their widest cell, a rule under the header. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((each) => (each[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
