import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '@bloom/functions/routes';

/** Routes for testing the IAM guard, served from ./handlers: one granted every call `aws-call` makes, one not. */
export const IAM_FIXTURE_HANDLERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'handlers');

const base = { handler: 'aws-call', auth: 'none', memoryMb: 256, timeoutSeconds: 10 } as const;

export const IAM_FIXTURE_ROUTES: readonly RouteDefinition[] = [
  {
    ...base,
    method: 'POST',
    path: '/api/granted/{call}',
    tableActions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
    uses: ['stripe', 'bedrock', 'cognito'],
  },
  { ...base, method: 'POST', path: '/api/ungranted/{call}', tableActions: ['dynamodb:PutItem'] },
];
