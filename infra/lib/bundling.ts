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
  /** CommonJS dependencies inside an ESM bundle call `require`, which ESM scope lacks. */
  banner:
    "import { createRequire as __bloomCreateRequire } from 'node:module'; const require = __bloomCreateRequire(import.meta.url);",
} as const;

/** Module path of a route's handler, relative to the repository root. */
export function handlerEntry(handler: string): string {
  return `functions/src/handlers/${handler}.ts`;
}
