import type { RouteDefinition } from '../../../functions/src/routes.ts';

export type Service = NonNullable<RouteDefinition['uses']>[number];

/**
 * The SDK modules each outside service takes, loaded as Bloom loads them: on first use (a dynamic `import()`,
 * which the bundle holds but evaluates only when called), except the Bedrock Runtime client, which the coach's
 * module imports. Using Stripe or web push also reads a secret, so it takes Secrets Manager.
 */
const SERVICE_MODULES: Record<Service, { lazy?: readonly string[]; imports?: readonly string[] }> = {
  stripe: { lazy: ['stripe', '@aws-sdk/client-secrets-manager'] },
  bedrock: { imports: ["import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';"] },
  cognito: { lazy: ['@aws-sdk/client-cognito-identity-provider'] },
  webPush: { lazy: ['web-push', '@aws-sdk/client-secrets-manager'] },
  reminderQueue: { lazy: ['@aws-sdk/client-sqs'] },
};

/**
 * A handler that loads the SDK a route needs the way Bloom's handlers do, and does nothing else: the floor
 * Bloom's own code (middy, validation, domain, logging) is measured against. It creates the DynamoDB document
 * client as it loads, as functions/src/data/client.ts does; the other clients are created on a handler's first
 * request (Stripe's once its key is read), so the reference loads their modules and creates none of them.
 *
 * It does not touch process.stdout or process.stderr, because Lambda's runtime has not either when it imports
 * the handler. In aws/aws-lambda-nodejs-runtime-interface-client, src/index.mjs `run()` patches the console
 * (src/LogPatch.js), creates the Runtime API client (src/RAPIDClient.js, which requires node:http) and then
 * loads the handler (src/UserFunction.js); LogPatch's console writes frames to the telemetry file descriptor
 * (`_LAMBDA_TELEMETRY_LOG_FD`) with fs.writeSync, and uses process.stdout only without that descriptor and
 * only when something logs.
 */
export function referenceSource(uses: readonly Service[]): string {
  const lines = [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
  ];
  const kept = ['DynamoDBDocumentClient.from(new DynamoDBClient({}))'];
  const lazy = new Set<string>();
  for (const service of [...uses].sort()) {
    const modules = SERVICE_MODULES[service];
    lines.push(...(modules.imports ?? []));
    for (const name of modules.lazy ?? []) lazy.add(name);
  }
  if (uses.includes('bedrock')) kept.push('BedrockRuntimeClient');
  for (const name of lazy) kept.push(`() => import(${JSON.stringify(name)})`);
  lines.push(
    `const kept = [${kept.join(', ')}];`,
    'export const handler = async () => ({ statusCode: 200, body: String(kept.length) });',
  );
  return lines.join('\n');
}

/** A stable name for a set of services: `dynamodb`, `dynamodb+stripe`… */
export function referenceName(uses: readonly Service[]): string {
  return ['dynamodb', ...[...uses].sort()].join('+');
}
