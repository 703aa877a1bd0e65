/**
 * Compares two folders of screenshots from `capture.ts` pixel by pixel (`npm run screenshots:compare --workspace
 * web -- <before dir> <after dir>`): for each screen, how many pixels differ at all (pixelmatch with threshold 0,
 * anti-aliasing counted), the largest difference of one colour channel, and the box the differences lie in. A
 * screen that differs gets a picture of where (`<after dir>/diff/<name>.png`). Exits non-zero when any differs.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

interface Difference {
  name: string;
  /** Pixels that differ, or null when the two pictures are not the same size. */
  pixels: number | null;
  largestChannelDelta: number;
  box: string;
  note: string;
}

function compare(name: string, before: PNG, after: PNG, diffDir: string): Difference {
  if (before.width !== after.width || before.height !== after.height) {
    return {
      name,
      pixels: null,
      largestChannelDelta: 255,
      box: '',
      note: `size ${before.width}x${before.height} -> ${after.width}x${after.height}`,
    };
  }
  const { width, height } = before;
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(before.data, after.data, diff.data, width, height, {
    threshold: 0,
    includeAA: true,
  });
  let largestChannelDelta = 0;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let index = 0; index < before.data.length; index += 4) {
    let delta = 0;
    for (let channel = 0; channel < 4; channel++) {
      delta = Math.max(
        delta,
        Math.abs((before.data[index + channel] ?? 0) - (after.data[index + channel] ?? 0)),
      );
    }
    if (delta === 0) continue;
    largestChannelDelta = Math.max(largestChannelDelta, delta);
    const x = (index / 4) % width;
    const y = Math.floor(index / 4 / width);
    [left, top, right, bottom] = [
      Math.min(left, x),
      Math.min(top, y),
      Math.max(right, x),
      Math.max(bottom, y),
    ];
  }
  if (pixels > 0) writeFileSync(join(diffDir, `${name}.png`), PNG.sync.write(diff));
  return {
    name,
    pixels,
    largestChannelDelta,
    box: right < 0 ? '' : `x ${left}-${right}, y ${top}-${bottom}`,
    note: `${width}x${height}`,
  };
}

function main() {
  const [beforeArg, afterArg] = process.argv.slice(2);
  if (!beforeArg || !afterArg) throw new Error('Usage: compare.ts <before dir> <after dir>');
  const [beforeDir, afterDir] = [resolve(beforeArg), resolve(afterArg)];
  const diffDir = join(afterDir, 'diff');
  mkdirSync(diffDir, { recursive: true });
  const names = readdirSync(beforeDir)
    .filter((file) => file.endsWith('.png'))
    .map((file) => file.replace(/\.png$/, ''))
    .sort();
  const afterNames = new Set(readdirSync(afterDir).map((file) => file.replace(/\.png$/, '')));
  const results: Difference[] = [];
  for (const name of names) {
    if (!afterNames.has(name)) {
      results.push({ name, pixels: null, largestChannelDelta: 255, box: '', note: 'missing after' });
      continue;
    }
    const read = (dir: string) => PNG.sync.read(readFileSync(join(dir, `${name}.png`)));
    results.push(compare(name, read(beforeDir), read(afterDir), diffDir));
  }
  console.log(`${'screen'.padEnd(28)} ${'pixels'.padStart(8)} ${'max Δ'.padStart(6)}  where`);
  for (const result of results) {
    const pixels = result.pixels === null ? 'n/a' : String(result.pixels);
    console.log(
      `${result.name.padEnd(28)} ${pixels.padStart(8)} ${String(result.largestChannelDelta).padStart(6)}  ${
        result.box || '-'
      } (${result.note})`,
    );
  }
  const differing = results.filter((result) => result.pixels !== 0);
  console.log(
    differing.length === 0
      ? `\nAll ${results.length} screens are identical.`
      : `\n${differing.length} of ${results.length} screens differ; pictures of where in ${diffDir}`,
  );
  if (differing.length > 0) process.exitCode = 1;
}

main();
