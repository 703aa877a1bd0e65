import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal } from '@bloom/scripts/local-cloud/dynamodb';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the SPA once (journeys run against the production build, as users get it) and starts one in-memory
 * DynamoDB Local for the run. `BLOOM_SKIP_WEB_BUILD=1` reuses an existing `web/dist`.
 */
export default async function setup(project: TestProject) {
  if (process.env.BLOOM_SKIP_WEB_BUILD !== '1') {
    await build({ root: webRoot, logLevel: 'warn', configFile: `${webRoot}/vite.config.ts` });
  }
  const dynamodb = process.env.DYNAMODB_ENDPOINT
    ? { endpoint: process.env.DYNAMODB_ENDPOINT, stop: async () => {} }
    : await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  return () => dynamodb.stop();
}
