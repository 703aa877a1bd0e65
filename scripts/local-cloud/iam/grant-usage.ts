import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One action a route's function asked for during the tests, and whether its grant allowed it. */
export interface GrantUse {
  /** The route key, e.g. `DELETE /api/weeks/{weekStart}/activities/{id}`. */
  route: string;
  action: string;
  allowed: boolean;
}

/**
 * Where the integration suite records what each route used. The suite runs in several worker processes, so
 * each writes files of its own here; the integration global setup empties the folder before every run, and
 * the grants test (grants.test.ts) reads it after the suite. test-results/ is git-ignored.
 */
export const GRANT_USAGE_DIR = resolve(
  fileURLToPath(import.meta.url),
  '../../../../test-results/grant-usage',
);

/**
 * Records uses in `directory`, each distinct one once, in a file of this recorder's own so that processes
 * writing at the same time never interleave their lines.
 */
export function grantUsageRecorder(directory: string): (use: GrantUse) => void {
  const file = join(directory, `${process.pid}-${randomUUID()}.jsonl`);
  const recorded = new Set<string>();
  return (use) => {
    const line = JSON.stringify({ route: use.route, action: use.action, allowed: use.allowed });
    if (recorded.has(line)) return;
    recorded.add(line);
    mkdirSync(directory, { recursive: true });
    appendFileSync(file, `${line}\n`);
  };
}

/** Every use recorded in `directory`; undefined when nothing was recorded there (no integration run yet). */
export function readGrantUsage(directory: string): GrantUse[] | undefined {
  if (!existsSync(directory)) return undefined;
  const files = readdirSync(directory).filter((name) => name.endsWith('.jsonl'));
  if (files.length === 0) return undefined;
  return files.flatMap((name) =>
    readFileSync(join(directory, name), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as GrantUse),
  );
}
