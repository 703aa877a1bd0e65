import * as path from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../../../infra/lib/bundling.ts';
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
    logLevel: 'error',
  };
}

/** Bundles a module of the repository (a handler) into `outfile`. */
export async function bundleEntry(entry: string, outfile: string): Promise<void> {
  await build({ ...lambdaOptions(outfile), entryPoints: [path.join(REPO_ROOT, entry)] });
}

/** Bundles source text as if it were a module of the functions workspace (same dependencies). */
export async function bundleSource(source: string, outfile: string): Promise<void> {
  await build({
    ...lambdaOptions(outfile),
    stdin: {
      contents: source,
      resolveDir: path.join(REPO_ROOT, 'functions'),
      sourcefile: 'reference.ts',
      loader: 'ts',
    },
  });
}
