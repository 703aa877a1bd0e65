import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../dynamodb';
import { GRANT_USAGE_DIR } from '../iam/grant-usage';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    grantUsageDir: string;
  }
}

/**
 * One in-memory DynamoDB Local for the whole run: it takes 2-4 s to start, too slow to start per file. And an
 * empty folder for the AWS actions this run's routes use, which the grants test reads after the suite.
 */
export default async function setup(project: TestProject) {
  rmSync(GRANT_USAGE_DIR, { recursive: true, force: true });
  mkdirSync(GRANT_USAGE_DIR, { recursive: true });
  project.provide('grantUsageDir', GRANT_USAGE_DIR);
  const dynamodb = process.env.DYNAMODB_ENDPOINT
    ? { endpoint: process.env.DYNAMODB_ENDPOINT, stop: async () => {} }
    : await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  return () => dynamodb.stop();
}
