import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { bootstrapMedian, median } from './bootstrap.ts';

/** Environment a handler may read while loading; values only need to be well-formed. */
const LAMBDA_LIKE_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bloom-bench',
  METRICS_SERVICE: 'bloom',
  METRICS_NAMESPACE: 'Bloom',
  // As on Lambda's Node.js 22, where the SDK does not warn: on Node 20 it writes a warning to stderr at load.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bloom/bench/stripe',
  APP_URL: 'https://bloom.example',
  BEDROCK_MODEL_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
  BEDROCK_GUARDRAIL_ID: 'bench',
  BEDROCK_GUARDRAIL_VERSION: '1',
};

interface ImportSample {
  wallMs: number;
  /** CPU time the process spent importing: unlike wall time, barely affected by other load on the machine. */
  cpuMs: number;
}

/** Imports a bundle in a fresh Node process, timing only the import (not Node's own start-up). */
function importOnce(file: string): ImportSample {
  const script = [
    'const cpu = process.cpuUsage();',
    'const start = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const wallMs = performance.now() - start;',
    'const used = process.cpuUsage(cpu);',
    'process.stdout.write(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));',
  ].join('\n');
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...LAMBDA_LIKE_ENV },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Importing ${file} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as ImportSample;
}

export interface PairedTiming {
  /** Pairs measured: each imported the bundle once and its reference once, one right after the other. */
  pairs: number;
  /** Median wall-clock import time. */
  importMs: number;
  referenceImportMs: number;
  /** Median CPU time of the import. */
  importCpuMs: number;
  referenceImportCpuMs: number;
  /** Median of the per-pair CPU-time differences: what Bloom's own code adds, robust to machine load. */
  extraMs: number;
  /** The 95% bootstrap interval of that median, over the pairs (bootstrap.ts). */
  extraLowMs: number;
  extraHighMs: number;
}

/** A bundle's and its reference's import samples, one of each per pair. */
export interface PairedSamples {
  own: ImportSample[];
  reference: ImportSample[];
}

/**
 * Imports the bundle and its reference `pairs` times each, one right after the other, so that load from other
 * processes on the machine weighs on both of a pair alike. Which of the two goes first changes every pair: the
 * second import of a pair was measured up to 4 ms faster than the first (the noise floor's copy of the reference
 * read -4.4 ms once), an advantage no bundle should get for its place.
 */
export function measurePairs(file: string, referenceFile: string, pairs: number): PairedSamples {
  const own: ImportSample[] = [];
  const reference: ImportSample[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    if (pair % 2 === 0) {
      reference.push(importOnce(referenceFile));
      own.push(importOnce(file));
    } else {
      own.push(importOnce(file));
      reference.push(importOnce(referenceFile));
    }
  }
  return { own, reference };
}

export function pairedTiming({ own, reference }: PairedSamples): PairedTiming {
  const extra = bootstrapMedian(
    own.map((sample, pair) => sample.cpuMs - (reference[pair] as ImportSample).cpuMs),
  );
  return {
    pairs: own.length,
    importMs: median(own.map((sample) => sample.wallMs)),
    referenceImportMs: median(reference.map((sample) => sample.wallMs)),
    importCpuMs: median(own.map((sample) => sample.cpuMs)),
    referenceImportCpuMs: median(reference.map((sample) => sample.cpuMs)),
    extraMs: extra.median,
    extraLowMs: extra.low,
    extraHighMs: extra.high,
  };
}
