import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal } from '@bloom/scripts/local-cloud/dynamodb';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    /** The production build this run serves (its own copy, so concurrent runs never rebuild under each other). */
    webDist: string;
  }
}

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the SPA once into a folder of this run (journeys run against the production build, as users get it)
 * and starts one in-memory DynamoDB Local. `BLOOM_SKIP_WEB_BUILD=1` serves the existing `web/dist` instead.
 */
export default async function setup(project: TestProject) {
  let webDist = join(webRoot, 'dist');
  let buildDir: string | null = null;
  if (process.env.BLOOM_SKIP_WEB_BUILD !== '1') {
    buildDir = await mkdtemp(join(tmpdir(), 'bloom-web-'));
    webDist = buildDir;
    await build({
      root: webRoot,
      logLevel: 'warn',
      configFile: join(webRoot, 'vite.config.ts'),
      build: { outDir: buildDir, emptyOutDir: true },
    });
  }
  const dynamodb = process.env.DYNAMODB_ENDPOINT
    ? { endpoint: process.env.DYNAMODB_ENDPOINT, stop: async () => {} }
    : await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  project.provide('webDist', webDist);
  return async () => {
    await dynamodb.stop();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  };
}
