import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, takesIdempotencyKey } from '../../functions/src/routes';
import { importGraph } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('idempotency in the handlers (issue 15: a read does not load what only a write needs)', () => {
  const edges = importGraph(ROOT, ['shared', 'functions/src']);
  const importsOf = (file: string) =>
    edges.filter((edge) => edge.from === `${file}.ts`).map((edge) => edge.to);
  /** Every module a file reaches through its imports, without extension. */
  const reachedFrom = (file: string) => {
    const reached = new Set<string>();
    const pending = [file];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const to of importsOf(next)) {
        if (!reached.has(to)) pending.push(to);
        reached.add(to);
      }
    }
    return reached;
  };
  const jwtRoutes = ROUTES.filter((route) => route.auth === 'jwt');

  it('every route that takes an Idempotency-Key is made with writeHandler, and no other is', () => {
    const found = jwtRoutes.map((route) => [
      route.handler,
      importsOf(`functions/src/handlers/${route.handler}`).includes('functions/src/http/write-handler'),
    ]);
    expect(found).toEqual(jwtRoutes.map((route) => [route.handler, takesIdempotencyKey(route)]));
  });

  it('a read route reaches no idempotency code', () => {
    const reads = jwtRoutes.filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThan(5);
    const reaching = reads.filter((route) =>
      [...reachedFrom(`functions/src/handlers/${route.handler}`)].some((module) => /idempoten/.test(module)),
    );
    expect(reaching.map((route) => route.handler)).toEqual([]);
  });
});
