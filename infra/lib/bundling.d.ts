/**
 * How every Lambda handler is bundled. The stack (NodejsFunction) and the bundle benchmark
 * (scripts/bench/bundles.ts) both read these settings, so the benchmark measures what Lambda runs.
 */
export declare const LAMBDA_BUNDLING: {
  /** Lambda's Node.js 22 runtime. */
  readonly target: 'node22';
  readonly format: 'esm';
  readonly platform: 'node';
  readonly minify: true;
  readonly sourcemap: true;
  /** ESM builds of dependencies first, so esbuild can tree-shake them. */
  readonly mainFields: readonly ['module', 'main'];
  /**
   * Bundle the AWS SDK too: a pinned, tree-shaken client starts faster than the runtime's full copy and
   * behaves the same locally and in Lambda.
   */
  readonly external: string[];
  /** CommonJS dependencies inside an ESM bundle call `require`, which ESM scope lacks. */
  readonly banner: "import { createRequire as __bloomCreateRequire } from 'node:module'; const require = __bloomCreateRequire(import.meta.url);";
};
/** Module path of a route's handler, relative to the repository root. */
export declare function handlerEntry(handler: string): string;
