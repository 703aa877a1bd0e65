import * as fs from 'node:fs';
import * as path from 'node:path';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { BUNDLED_FILES, LAMBDA_BUNDLING } from '../../../infra/lib/bundling.ts';
import { REPO_ROOT } from '../../../infra/lib/config.ts';

/** esbuild options the stack's NodejsFunction passes, so the benchmark measures what Lambda runs. */
function lambdaOptions(outfile: string): BuildOptions {
  return {
    bundle: true,
    outfile,
    target: LAMBDA_BUNDLING.target,
    format: LAMBDA_BUNDLING.format,
    platform: LAMBDA_BUNDLING.platform,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourcemap,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    external: [...LAMBDA_BUNDLING.external],
    banner: { js: LAMBDA_BUNDLING.banner },
    supported: { ...LAMBDA_BUNDLING.supported },
    alias: { ...LAMBDA_BUNDLING.alias },
    logLevel: 'error',
    metafile: true,
  };
}

/** A module of a bundle and the bytes it adds to the (minified) output. */
export interface BundledModule {
  name: string;
  bytes: number;
}

/**
 * The bundle's modules, largest first, grouped by package (`valibot`, `@aws-sdk/client-dynamodb`) or, for the
 * repository's own code, by file (`shared/src/catalogue/activities.ts`).
 */
export function largestModules(metafile: Metafile | undefined): BundledModule[] {
  if (!metafile) throw new Error('esbuild wrote no metafile');
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, input] of Object.entries(output.inputs)) {
      const inPackage = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      const name = inPackage?.[1] ?? file;
      sizes.set(name, (sizes.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * Bundles a module of the repository (a handler) into `outfile`, and copies beside it the files the function
 * reads at run time (BUNDLED_FILES of `name`), as the stack's afterBundling hook does.
 */
export async function bundleEntry(entry: string, outfile: string, name?: string): Promise<BundledModule[]> {
  const result = await build({ ...lambdaOptions(outfile), entryPoints: [path.join(REPO_ROOT, entry)] });
  for (const { from, to } of (name && BUNDLED_FILES[name]) || []) {
    fs.cpSync(path.join(REPO_ROOT, from), path.join(path.dirname(outfile), to), { recursive: true });
  }
  return largestModules(result.metafile);
}

/** Bundles source text as if it were a module of the functions workspace (same dependencies). */
export async function bundleSource(source: string, outfile: string): Promise<BundledModule[]> {
  const result = await build({
    ...lambdaOptions(outfile),
    stdin: {
      contents: source,
      resolveDir: path.join(REPO_ROOT, 'functions'),
      sourcefile: 'reference.ts',
      loader: 'ts',
    },
  });
  return largestModules(result.metafile);
}
