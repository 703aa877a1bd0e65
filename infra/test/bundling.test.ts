import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/src/routes.ts';
import { functionNameOf } from '../lib/bloom-function.ts';
import { BloomStack } from '../lib/bloom-stack.ts';
import { LAMBDA_BUNDLING } from '../lib/bundling.ts';
import { readConfig } from '../lib/config.ts';
import { WEB_DIST_FIXTURE } from './support/synthesized.ts';
import { functionsByName } from './support/template-queries.ts';

/**
 * The other infra tests synthesize without bundling (support/synthesized.ts); this one bundles two handlers for
 * real, the coach's and a planner write, through the stack's own NodejsFunction settings (lib/bundling.ts), and
 * checks that what Lambda would receive is what those settings promise. `npm run bench:bundles` builds all of
 * them to measure size and import time.
 */
const BUNDLED = ['coach/send-message', 'weeks/complete-slot'];

let outdir: string;
/** Handler name → the directory CDK staged as its code asset. */
const assetDirs = new Map<string, string>();
/** Handler name → its environment as synthesized, deploy-time references replaced by placeholders. */
const environments = new Map<string, Record<string, string>>();

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-bundling-'));
  const app = new App({ outdir, context: { stage: 'dev', webDist: WEB_DIST_FIXTURE } });
  const routes = ROUTES.filter((route) => BUNDLED.includes(route.handler));
  const stack = new BloomStack(app, 'Bloom-bundling', {
    config: readConfig(app.node),
    routes,
    backgroundFunctions: [],
  });
  app.synth();
  const functions = functionsByName(Template.fromStack(stack).toJSON());
  for (const handler of BUNDLED) {
    const properties = functions.get(functionNameOf('dev', handler))?.properties;
    if (!properties) throw new Error(`No function for ${handler}`);
    const code = properties.Code as { S3Key: string };
    assetDirs.set(handler, path.join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`));
    const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
    environments.set(
      handler,
      Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : `deployed-${name}`,
        ]),
      ),
    );
  }
});

afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
});

function bundleFile(handler: string, name = 'index.mjs'): string {
  return path.join(assetDirs.get(handler) ?? '', name);
}

/** The modules the bundle was built from, as its source map lists them. */
function sourcesOf(handler: string): string[] {
  return (JSON.parse(fs.readFileSync(bundleFile(handler, 'index.mjs.map'), 'utf8')) as { sources: string[] })
    .sources;
}

describe.each(BUNDLED)('the %s bundle', (handler) => {
  it('is one minified ES module with its source map beside it, and only the coach its classifier', () => {
    const files = fs.readdirSync(assetDirs.get(handler) ?? '').sort();
    if (handler === 'coach/send-message') {
      // The crisis classifier's model, fastText's wasm and its glue, where the classifier reads them at run time.
      expect(files).toEqual(['assets', 'index.mjs', 'index.mjs.map']);
      expect(fs.readdirSync(bundleFile(handler, 'assets')).sort()).toEqual(
        expect.arrayContaining(['crisis-classifier.bin', 'crisis-classifier.json', 'fasttext.wasm']),
      );
    } else {
      expect(files).toEqual(['index.mjs', 'index.mjs.map']);
    }
    const bundle = fs.readFileSync(bundleFile(handler), 'utf8');
    expect(bundle.startsWith(LAMBDA_BUNDLING.banner), 'starts with the createRequire banner').toBe(true);
    expect(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/.test(bundle), 'points to its source map').toBe(true);
    // Minified: thousands of characters a line (template literals keep a few line breaks), not one statement each.
    expect(bundle.length / bundle.split('\n').length).toBeGreaterThan(2_000);
  });

  it('carries its own source and the ESM builds of the AWS SDK inside', () => {
    const sources = sourcesOf(handler);
    expect(sources.some((source) => source.includes(`functions/src/handlers/${handler}.ts`))).toBe(true);
    expect(sources.some((source) => source.includes('node_modules/@aws-sdk/client-dynamodb/dist-es/'))).toBe(
      true,
    );
  });

  it('holds what it loads on first use: every module it imports later is one of Node’s own', () => {
    // A handler's `import('./module')` is bundled into index.mjs and evaluated when called (esbuild without
    // splitting): a path left in the bundle would name a file the asset does not have.
    const specifiers = [
      ...fs.readFileSync(bundleFile(handler), 'utf8').matchAll(/\bimport\(\s*(["'`])(.*?)\1/g),
    ].map((match) => match[2] ?? '');
    expect(specifiers.filter((specifier) => !specifier.startsWith('node:'))).toEqual([]);
  });

  it('loads in a fresh Node process with its environment, resolving no package outside it', () => {
    // The bundle sits in a temporary folder with no node_modules above it: an import left external would fail.
    const script = `const m = await import(${JSON.stringify(pathToFileURL(bundleFile(handler)).href)}); process.stdout.write(typeof m.handler);`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH ?? '',
        AWS_REGION: 'eu-west-1',
        ...environments.get(handler),
        // As on Lambda's Node.js 22: on Node 20 the SDK warns on stderr as it loads.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function');
  });
});

describe('the coach bundle', () => {
  it('carries the Bedrock runtime client too', () => {
    expect(
      sourcesOf('coach/send-message').some((source) =>
        source.includes('node_modules/@aws-sdk/client-bedrock-runtime/dist-es/'),
      ),
    ).toBe(true);
  });

  it('keeps Unicode property escapes as regular expression literals, which Node 22 knows', () => {
    // The coach's safety check starts with one (functions/src/coach/safety/normalise.ts). Without
    // LAMBDA_BUNDLING.supported, esbuild turns each into `new RegExp(...)`, compiled as the bundle loads.
    const bundle = fs.readFileSync(bundleFile('coach/send-message'), 'utf8');
    expect(bundle.includes('/^\\p{L}/u'), 'a `/^\\p{L}/u` literal').toBe(true);
    expect(/new RegExp\("[^"]*\\\\p\{/.test(bundle), 'no escape compiled at load').toBe(false);
  });
});
