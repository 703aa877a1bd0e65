import type { RouteDefinition } from '../../../functions/src/routes.ts';

export type Service = NonNullable<RouteDefinition['uses']>[number];

/**
 * A handler that creates the SDK clients a route needs (the DynamoDB document client, plus Stripe or the
 * Bedrock runtime client where the route uses them) and does nothing else: the floor Bloom's own code
 * (middy, validation, domain, logging) is measured against.
 *
 * It does not touch process.stdout or process.stderr, because Lambda's runtime has not either when it imports
 * the handler. In aws/aws-lambda-nodejs-runtime-interface-client, src/index.mjs `run()` patches the console
 * (src/LogPatch.js), creates the Runtime API client (src/RAPIDClient.js, which requires node:http) and then
 * loads the handler (src/UserFunction.js); LogPatch's console writes frames to the telemetry file descriptor
 * (`_LAMBDA_TELEMETRY_LOG_FD`) with fs.writeSync, and uses process.stdout only without that descriptor and
 * only when something logs. (Measured with Node 20: touching both streams here adds no CPU time, within
 * ±1.5 ms.)
 */
export function referenceSource(uses: readonly Service[]): string {
  const lines = [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
  ];
  const clients = ['DynamoDBDocumentClient.from(new DynamoDBClient({}))'];
  if (uses.includes('stripe')) {
    lines.push("import Stripe from 'stripe';");
    clients.push("new Stripe('sk_test_reference')");
  }
  if (uses.includes('bedrock')) {
    lines.push("import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';");
    clients.push('new BedrockRuntimeClient({})');
  }
  lines.push(
    `const clients = [${clients.join(', ')}];`,
    'export const handler = async () => ({ statusCode: 200, body: String(clients.length) });',
  );
  return lines.join('\n');
}

/** A stable name for a set of services: `dynamodb`, `dynamodb+stripe`… */
export function referenceName(uses: readonly Service[]): string {
  return ['dynamodb', ...[...uses].sort()].join('+');
}
