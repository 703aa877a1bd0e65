import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { createApp } from '../../lib/app.ts';
import { REPO_ROOT, type Stage } from '../../lib/config.ts';

/**
 * Vitest runs each test file in its own worker, and synthesizing both stages takes seconds. So the first file
 * synthesizes them once and stores the templates and cdk-nag report on disk, keyed by a hash of everything that
 * shapes them; the other files (and reruns with nothing changed) read that.
 */

export const WEB_DIST_FIXTURE = path.join(REPO_ROOT, 'infra/test/fixtures/web-dist');

/**
 * Context that makes CDK skip bundling in every stack: a NodejsFunction's code is then the repository root as an
 * unbundled placeholder, and everything else in the template (roles, environment, names) is as deployed. Bundling
 * every handler of both stages took most of the suite's time; bundling.test.ts bundles two for real.
 */
export const WITHOUT_BUNDLING = { [BUNDLING_STACKS]: [] as string[] };

export interface Violation {
  ruleName: string;
  severity: string;
  violatingConstructs: { constructPath: string }[];
  acknowledgedId?: string;
  reason?: string;
}

export interface NagReport {
  /** Empty when synthesis passed validation. */
  failure: string | undefined;
  violations: Violation[];
  suppressedViolations: Violation[];
}

interface StoredSynthesis {
  /** The Bloom stack's template of each stage. */
  templates: Record<Stage, unknown>;
  /** Every stack of each stage, by stack name (prod adds the us-east-1 web ACL stack). */
  stacks: Record<Stage, Record<string, SynthesizedStack>>;
  nag: Record<Stage, NagReport>;
  webConfigs: Record<Stage, unknown>;
  /** The files of each Lambda bundle, by asset hash: what ships beside each function's index.mjs. */
  bundles: Record<Stage, Record<string, string[]>>;
}

export interface SynthesizedStack {
  region: string;
  template: Record<string, unknown>;
}

export interface Synthesized {
  template(stage: Stage): Template;
  /** The raw template, for searches over the whole document. */
  json(stage: Stage): Record<string, unknown>;
  /** Every stack the app synthesizes for the stage, by stack name. */
  stacks(stage: Stage): Record<string, SynthesizedStack>;
  nag(stage: Stage): NagReport;
  /** The `/config.json` asset as synthesized: deploy-time values appear as `<<marker:…>>` strings. */
  webConfig(stage: Stage): Record<string, unknown>;
  /** The files of a function's bundle (relative to its index.mjs), from its `Code.S3Key`. */
  bundleFiles(stage: Stage, s3Key: string): string[];
}

const INPUTS = [
  'infra/lib',
  'infra/bin',
  'infra/test/support',
  'infra/test/fixtures',
  'functions/src',
  'shared/src',
];
const CACHE_ROOT = path.join(REPO_ROOT, 'node_modules/.cache/bloom-infra-synth');
const STALE_LOCK_MS = 4 * 60_000;

let loaded: Promise<Synthesized> | undefined;

export function synthesized(): Promise<Synthesized> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<Synthesized> {
  const stored = await cached(inputHash(), synthesizeAll);
  return {
    template: (stage) => Template.fromJSON(stored.templates[stage] as Record<string, unknown>),
    json: (stage) => stored.templates[stage] as Record<string, unknown>,
    stacks: (stage) => stored.stacks[stage],
    nag: (stage) => stored.nag[stage],
    webConfig: (stage) => stored.webConfigs[stage] as Record<string, unknown>,
    bundleFiles: (stage, s3Key) => {
      const files = stored.bundles[stage][s3Key.replace(/\.zip$/, '')];
      if (!files) throw new Error(`No bundle was synthesized for ${s3Key}`);
      return files;
    },
  };
}

function synthesizeAll(): StoredSynthesis {
  const dev = synthesizeStage('dev');
  const prod = synthesizeStage('prod');
  return {
    templates: { dev: dev.template, prod: prod.template },
    stacks: { dev: dev.stacks, prod: prod.stacks },
    nag: { dev: dev.nag, prod: prod.nag },
    webConfigs: { dev: dev.webConfig, prod: prod.webConfig },
    bundles: { dev: dev.bundles, prod: prod.bundles },
  };
}

function synthesizeStage(stage: Stage): {
  template: unknown;
  stacks: Record<string, SynthesizedStack>;
  nag: NagReport;
  webConfig: unknown;
  bundles: Record<string, string[]>;
} {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), `bloom-synth-${stage}-`));
  try {
    const { app, stack, edge } = createApp({
      outdir,
      context: { stage, webDist: WEB_DIST_FIXTURE, ...WITHOUT_BUNDLING },
    });
    let failure: string | undefined;
    try {
      app.synth();
    } catch (error) {
      // cdk-nag errors fail synthesis; the report file still says which.
      failure = error instanceof Error ? error.message : String(error);
    }
    const templateOf = (artifactId: string): Record<string, unknown> => {
      const file = path.join(outdir, `${artifactId}.template.json`);
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (failure !== undefined) throw new Error(failure);
      return {};
    };
    const stacks: Record<string, SynthesizedStack> = {};
    for (const each of edge ? [edge, stack] : [stack]) {
      stacks[each.stackName] = { region: each.region, template: templateOf(each.artifactId) };
    }
    return {
      template: stacks[stack.stackName]?.template,
      stacks,
      nag: readNagReport(outdir, failure),
      webConfig: readWebConfig(outdir),
      bundles: readBundles(outdir),
    };
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

/** cdk-nag's findings from the validation report an app wrote into `outdir` while synthesizing. */
export function readNagReport(outdir: string, failure: string | undefined): NagReport {
  const file = path.join(outdir, 'validation-report.json');
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    pluginReports: { pluginName: string; violations: Violation[]; suppressedViolations?: Violation[] }[];
  };
  const nag = report.pluginReports.filter((plugin) => plugin.pluginName === 'AwsSolutions');
  if (nag.length === 0) throw new Error('cdk-nag AwsSolutions did not report: is the plugin registered?');
  return {
    failure,
    violations: nag.flatMap((plugin) => plugin.violations),
    suppressedViolations: nag.flatMap((plugin) => plugin.suppressedViolations ?? []),
  };
}

/** Every synthesized Lambda bundle (an asset folder with an index.mjs): its files, by asset hash. */
function readBundles(outdir: string): Record<string, string[]> {
  const bundles: Record<string, string[]> = {};
  for (const entry of fs.readdirSync(outdir)) {
    const folder = path.join(outdir, entry);
    if (!entry.startsWith('asset.') || !fs.existsSync(path.join(folder, 'index.mjs'))) continue;
    bundles[entry.slice('asset.'.length)] = (fs.readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => fs.statSync(path.join(folder, file)).isFile())
      .sort();
  }
  return bundles;
}

function readWebConfig(outdir: string): unknown {
  for (const entry of fs.readdirSync(outdir)) {
    const file = path.join(outdir, entry, 'config.json');
    if (entry.startsWith('asset.') && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  throw new Error('No config.json asset was synthesized');
}

function inputHash(): string {
  const hash = createHash('sha256');
  const visit = (relative: string): void => {
    const absolute = path.join(REPO_ROOT, relative);
    if (!fs.existsSync(absolute)) return;
    if (fs.statSync(absolute).isDirectory()) {
      for (const entry of fs.readdirSync(absolute).sort()) visit(path.join(relative, entry));
      return;
    }
    hash.update(relative).update('\0').update(fs.readFileSync(absolute)).update('\0');
  };
  for (const input of [...INPUTS, 'package-lock.json']) visit(input);
  return hash.digest('hex').slice(0, 16);
}

/** Runs `produce` once per key across concurrent test workers (a directory is the lock). */
async function cached(key: string, produce: () => StoredSynthesis): Promise<StoredSynthesis> {
  const result = path.join(CACHE_ROOT, `${key}.json`);
  const lock = path.join(CACHE_ROOT, `${key}.lock`);
  fs.mkdirSync(CACHE_ROOT, { recursive: true });

  for (;;) {
    if (fs.existsSync(result)) return JSON.parse(fs.readFileSync(result, 'utf8')) as StoredSynthesis;
    try {
      fs.mkdirSync(lock);
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      const produced = produce();
      const partial = `${result}.${process.pid}.tmp`;
      fs.writeFileSync(partial, JSON.stringify(produced));
      fs.renameSync(partial, result);
      removeOtherResults(result);
      return produced;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Keeps the cache to the latest inputs only. */
function removeOtherResults(keep: string): void {
  for (const entry of fs.readdirSync(CACHE_ROOT)) {
    const file = path.join(CACHE_ROOT, entry);
    if (file !== keep && entry.endsWith('.json')) fs.rmSync(file, { force: true });
  }
}
