import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '@bloom/functions/routes';

/** A route table for testing the gateway on its own, served from ./handlers. */
export const FIXTURE_HANDLERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'handlers');

const base = { tableActions: [], memoryMb: 256, timeoutSeconds: 2 } as const;

export const FIXTURE_ROUTES: readonly RouteDefinition[] = [
  { ...base, method: 'GET', path: '/api/echo/{first}/items/{second}', handler: 'echo', auth: 'jwt' },
  { ...base, method: 'POST', path: '/api/echo', handler: 'echo', auth: 'jwt' },
  { ...base, method: 'GET', path: '/api/echo/fixed/items/literal', handler: 'literal', auth: 'jwt' },
  { ...base, method: 'POST', path: '/api/public/echo', handler: 'echo', auth: 'none' },
  { ...base, method: 'GET', path: '/api/bare', handler: 'bare', auth: 'none' },
  { ...base, method: 'GET', path: '/api/structured', handler: 'structured', auth: 'none' },
  { ...base, method: 'GET', path: '/api/throws', handler: 'throws', auth: 'none' },
  { ...base, method: 'GET', path: '/api/slow', handler: 'slow', auth: 'none', timeoutSeconds: 1 },
  { ...base, method: 'GET', path: '/api/throttled', handler: 'bare', auth: 'none' },
];

/** The fixture gateway's throttles: /api/throttled takes 2 requests at once and one more a second. */
export const fixtureThrottleOf = (route: RouteDefinition) =>
  route.path === '/api/throttled' ? { rateLimit: 1, burstLimit: 2 } : { rateLimit: 1000, burstLimit: 1000 };
