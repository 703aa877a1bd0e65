import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** One in-memory DynamoDB Local for the whole run: it takes 2-4 s to start, too slow to start per file. */
export default async function setup(project: TestProject) {
  const dynamodb = process.env.DYNAMODB_ENDPOINT
    ? { endpoint: process.env.DYNAMODB_ENDPOINT, stop: async () => {} }
    : await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
  return () => dynamodb.stop();
}
