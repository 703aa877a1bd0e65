import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** Environment a handler may read while loading; values only need to be well-formed. */
const LAMBDA_LIKE_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bloom-bench',
  POWERTOOLS_SERVICE_NAME: 'bloom',
  POWERTOOLS_METRICS_NAMESPACE: 'Bloom',
  POWERTOOLS_TRACE_ENABLED: 'false',
  LOG_LEVEL: 'INFO',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bloom/bench/stripe',
  STRIPE_PRICE_MONTHLY: 'price_bench_monthly',
  STRIPE_PRICE_YEARLY: 'price_bench_yearly',
  APP_URL: 'https://bloom.example',
  BEDROCK_MODEL_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
  BEDROCK_GUARDRAIL_ID: 'bench',
  BEDROCK_GUARDRAIL_VERSION: '1',
};

/** Time to import a bundle in a fresh Node process (excluding Node's own start-up), in milliseconds. */
function importOnce(file: string): number {
  const script = [
    'const start = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'process.stdout.write(String(performance.now() - start));',
  ].join('\n');
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...LAMBDA_LIKE_ENV },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Importing ${file} failed:\n${result.stderr}`);
  return Number(result.stdout);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface PairedTiming {
  importMs: number;
  referenceImportMs: number;
  /** Median of the per-round differences: robust to load that drifts during the run. */
  extraMs: number;
}

/**
 * Imports the bundle and its reference alternately, `runs` times each, so that load from other processes on
 * the machine weighs on both alike.
 */
export function pairedImportTiming(file: string, referenceFile: string, runs: number): PairedTiming {
  const own: number[] = [];
  const reference: number[] = [];
  for (let round = 0; round < runs; round++) {
    reference.push(importOnce(referenceFile));
    own.push(importOnce(file));
  }
  return {
    importMs: median(own),
    referenceImportMs: median(reference),
    extraMs: median(own.map((ms, round) => ms - (reference[round] as number))),
  };
}
