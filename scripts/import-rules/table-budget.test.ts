import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS, ROUTES } from '../../functions/src/routes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * docs/rules.md#outages: every function waits on the table within one budget per invocation. apiHandler and
 * writeHandler give each route theirs; a handler made otherwise (the webhook, the calendar feed, the reminder
 * workers) wraps itself in withTableBudget. A new function made any other way would wait on the table unbounded.
 */
describe('the table budget', () => {
  it('every route and background function is made by apiHandler, writeHandler or withTableBudget', () => {
    const handlers = [...ROUTES, ...BACKGROUND_FUNCTIONS].map((fn) => fn.handler);
    const unbudgeted = handlers.filter((handler) => {
      const source = readFileSync(`${ROOT}functions/src/handlers/${handler}.ts`, 'utf8');
      return !/^export const handler = (apiHandler|writeHandler|withTableBudget)[<(]/m.test(source);
    });
    expect(unbudgeted).toEqual([]);
  });
});
