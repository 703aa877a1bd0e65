import type { RouteDefinition } from '../../../functions/src/routes.ts';

export type Service = NonNullable<RouteDefinition['uses']>[number];

/**
 * A handler that creates the SDK clients a route needs (the DynamoDB document client, plus Stripe or the
 * Bedrock runtime client where the route uses them) and does nothing else: the floor Bloom's own code
 * (middy, validation, domain, logging) is measured against.
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
