import { BACKGROUND_FUNCTIONS, ROUTES, type RouteDefinition } from '@bloom/functions/routes';
import { describe, expect, inject, it } from 'vitest';
import { GRANT_USAGE_DIR, type GrantUse, readGrantUsage } from './grant-usage';
import { findGrantProblems, formatGrantProblems } from './grants-check';

/**
 * Runs after every other project (vitest.config.ts): the integration tests have recorded which actions each
 * route's function asked for, through the local IAM guard; a grant no test used is one too many.
 */
describe('the route grants of functions/src/routes.ts', () => {
  it.skipIf(!inject('wholeIntegrationSuite'))(
    'are exactly what the integration suite used: no action unused, none refused',
    () => {
      const uses = readGrantUsage(GRANT_USAGE_DIR) ?? [];
      expect(formatGrantProblems(findGrantProblems([...ROUTES, ...BACKGROUND_FUNCTIONS], uses))).toBe('');
    },
  );
});

describe('finding grant problems', () => {
  const route: RouteDefinition = {
    method: 'POST',
    path: '/api/things',
    handler: 'things/create',
    auth: 'jwt',
    tableActions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    memoryMb: 512,
    timeoutSeconds: 5,
    uses: ['stripe'],
  };
  const use = (action: string, allowed = true, key = 'POST /api/things'): GrantUse => ({
    route: key,
    action,
    allowed,
  });

  // A write route is also granted DeleteItem for its idempotency records (routes.ts `tableActionsOf`).
  it('finds nothing wrong with a route that used every action it is granted', () => {
    const uses = [
      use('dynamodb:GetItem'),
      use('dynamodb:PutItem'),
      use('dynamodb:DeleteItem'),
      use('secretsmanager:GetSecretValue'),
    ];
    expect(findGrantProblems([route], uses)).toEqual([]);
  });

  it("names the actions a route is granted and never used, another route's use notwithstanding", () => {
    const uses = [use('dynamodb:GetItem'), use('dynamodb:PutItem', true, 'GET /api/other')];
    expect(findGrantProblems([route], uses)).toEqual([
      {
        route: 'POST /api/things',
        handler: 'things/create',
        unused: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'secretsmanager:GetSecretValue'],
        refused: [],
      },
    ]);
  });

  it('names the actions a route asked for and was refused', () => {
    const uses = [
      use('dynamodb:GetItem'),
      use('dynamodb:PutItem'),
      use('secretsmanager:GetSecretValue'),
      use('dynamodb:ConditionCheckItem', false),
    ];
    const problems = findGrantProblems([route], uses);
    expect(problems).toEqual([
      {
        route: 'POST /api/things',
        handler: 'things/create',
        unused: ['dynamodb:DeleteItem'],
        refused: ['dynamodb:ConditionCheckItem'],
      },
    ]);
    expect(formatGrantProblems(problems)).toContain(
      'POST /api/things (things/create): dynamodb:ConditionCheckItem',
    );
  });
});
