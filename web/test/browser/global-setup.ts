import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal } from '@bloom/scripts/local-cloud/dynamodb';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { originOf, startJourneyCloud } from './journey-cloud';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    /** The production build this run serves (its own copy, so concurrent runs never rebuild under each other). */
    webDist: string;
    /** The run's one local cloud, e.g. `https://localhost:53123`, and its Stripe emulator's origin. */
    bloomUrl: string;
    stripeUrl: string;
    /** The table the run's cloud keeps Bloom's items in. */
    tableName: string;
    /** The run's one Chromium, for `chromium.connect` (each test opens its own context in it). */
    chromiumEndpoint: string;
  }
}

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What every journey file shares, started once: the production build of the SPA (journeys run against what users
 * get) in a folder of this run, one in-memory DynamoDB Local, one local cloud serving that build, and one
 * Chromium. A test isolates itself with its own browser context and its own account, not its own cloud.
 * `BLOOM_SKIP_WEB_BUILD=1` serves the existing `web/dist` instead of building.
 */
export default async function setup(project: TestProject) {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error));
  };
  try {
    // The build and DynamoDB Local's JVM are the slow parts: they start together (and all of them have
    // finished, or failed, before anything is stopped).
    const [built, dynamodb, browser] = await Promise.allSettled([
      buildWeb(stops),
      startDynamoDb(stops),
      launchSharedChromium(stops),
    ]);
    for (const started of [built, dynamodb, browser]) if (started.status === 'rejected') throw started.reason;
    const webDist = (built as PromiseFulfilledResult<string>).value;
    const dynamodbEndpoint = (dynamodb as PromiseFulfilledResult<string>).value;
    project.provide('chromiumEndpoint', (browser as PromiseFulfilledResult<string>).value);
    project.provide('dynamodbEndpoint', dynamodbEndpoint);
    project.provide('webDist', webDist);
    const cloud = await startJourneyCloud(webDist, dynamodbEndpoint);
    stops.push(() => cloud.stop());
    project.provide('bloomUrl', originOf(cloud));
    project.provide('stripeUrl', cloud.stripeUrl ?? '');
    project.provide('tableName', cloud.tableName);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

async function buildWeb(stops: (() => Promise<unknown>)[]): Promise<string> {
  if (process.env.BLOOM_SKIP_WEB_BUILD === '1') return join(webRoot, 'dist');
  const buildDir = await mkdtemp(join(tmpdir(), 'bloom-web-'));
  stops.push(() => rm(buildDir, { recursive: true, force: true }));
  await build({
    root: webRoot,
    logLevel: 'warn',
    configFile: join(webRoot, 'vite.config.ts'),
    build: { outDir: buildDir, emptyOutDir: true },
  });
  return buildDir;
}

async function startDynamoDb(stops: (() => Promise<unknown>)[]): Promise<string> {
  if (process.env.DYNAMODB_ENDPOINT) return process.env.DYNAMODB_ENDPOINT;
  const dynamodb = await startDynamoDbLocal();
  stops.push(() => dynamodb.stop());
  return dynamodb.endpoint;
}

/** Chromium as a server the test workers connect to; returns its endpoint. */
async function launchSharedChromium(stops: (() => Promise<unknown>)[]): Promise<string> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  stops.push(() => server.close());
  return server.wsEndpoint();
}
