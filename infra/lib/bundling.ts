import { createRequire } from 'node:module';
import * as path from 'node:path';

const fromShared = createRequire(new URL('../../shared/package.json', import.meta.url));

/**
 * How every Lambda handler is bundled. The stack (NodejsFunction) and the bundle benchmark
 * (scripts/bench/bundles.ts) both read these settings, so the benchmark measures what Lambda runs.
 */
export const LAMBDA_BUNDLING = {
  /** Lambda's Node.js 22 runtime. */
  target: 'node22',
  format: 'esm',
  platform: 'node',
  minify: true,
  sourcemap: true,
  /** ESM builds of dependencies first, so esbuild can tree-shake them. */
  mainFields: ['module', 'main'],
  /**
   * Bundle the AWS SDK too: a pinned, tree-shaken client starts faster than the runtime's full copy and
   * behaves the same locally and in Lambda.
   */
  external: [] as string[],
  /**
   * Node 22 knows Unicode property escapes (`\p{Emoji}`), which esbuild otherwise rewrites as `new RegExp(...)` for
   * any Node target: a call it cannot drop, so every bundle with valibot compiled its unused emoji pattern as it
   * loaded (about 0.4 ms, measured the scripts/bench/bundles way).
   */
  supported: { 'regexp-unicode-property-escapes': true },
  /**
   * No ICU message parser: every catalogue is compiled to its AST before it ships (`npm run i18n:compile`), so
   * intl-messageformat never parses a message at runtime, and its parser would only cost each function some 26 KB
   * and about 1 ms of import time (docs/decisions/0008-i18n-library.md). esbuild resolves an alias from the
   * directory it runs in, not from the importing file, so the parser's no-parser entry is named by its path: the
   * copy beside shared's intl-messageformat (the repository root holds an older one, another package's).
   */
  alias: {
    '@formatjs/icu-messageformat-parser': fromShared.resolve(
      '@formatjs/icu-messageformat-parser/no-parser.js',
    ),
  },
  /** CommonJS dependencies inside an ESM bundle call `require`, which ESM scope lacks. */
  banner:
    "import { createRequire as __bloomCreateRequire } from 'node:module'; const require = __bloomCreateRequire(import.meta.url);",
} as const;

/**
 * Files a function reads beside its bundle at run time, copied into its asset after esbuild has run (esbuild
 * bundles code, not the files code reads): `from` is relative to the repository root, `to` to the folder of
 * the bundle's index.mjs. The coach's crisis classifier reads its model and fastText's wasm from `assets/`
 * beside the module that loads them, which in a bundle is beside index.mjs
 * (functions/src/coach/safety/classifier/assets.ts).
 */
export const BUNDLED_FILES: Readonly<Record<string, readonly { from: string; to: string }[]>> = {
  'coach/send-message': [{ from: 'functions/src/coach/safety/classifier/assets', to: 'assets' }],
};

/** Shell commands that copy a function's BUNDLED_FILES from the repository into its bundle's folder. */
export function copyBundledFiles(name: string, repoRoot: string, outputDir: string): string[] {
  return (BUNDLED_FILES[name] ?? []).map(
    ({ from, to }) => `cp -R "${path.join(repoRoot, from)}" "${path.join(outputDir, to)}"`,
  );
}

/** Module path of a route's handler, relative to the repository root. */
export function handlerEntry(handler: string): string {
  return `functions/src/handlers/${handler}.ts`;
}
