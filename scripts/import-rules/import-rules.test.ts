import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph, resolveSpecifier } from './import-graph';
import { violations } from './rules';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const edge = (from: string, to: string) => ({ from, to, specifier: to });

describe('import rules', () => {
  it('hold across shared/, functions/ and web/', () => {
    const edges = importGraph(ROOT, ['shared', 'functions', 'web/src']);
    expect(edges.length).toBeGreaterThan(500);
    const found = violations(edges).map(
      ({ rule, edge: { from, specifier } }) => `${from} imports ${specifier}: ${rule}`,
    );
    expect(found).toEqual([]);
  });

  it('catch each kind of forbidden import', () => {
    const forbidden = [
      edge('web/src/features/planner/day/day-view.tsx', 'web/src/features/coach/coach-widget'),
      edge('web/src/features/pricing/pricing-page.tsx', 'web/src/app/home-view'),
      edge('web/src/lib/api/index.ts', 'web/src/features/planner/planner-provider'),
      edge('functions/src/planner/add-activities.ts', 'functions/src/http/responses'),
      edge('shared/src/planner/rules.ts', 'functions/src/data/items'),
      edge('functions/src/billing/webhook.ts', 'scripts/local-cloud/stripe/api'),
    ];
    expect(violations(forbidden)).toHaveLength(forbidden.length);
  });

  it('allow what the architecture allows', () => {
    const allowed = [
      edge('web/src/features/planner/day/day-view.tsx', 'web/src/features/planner/api/use-week'),
      edge('web/src/features/planner/day/day-view.tsx', 'web/src/components/button'),
      edge('web/src/features/planner/day/day-view.tsx', 'shared/src/planner/types'),
      edge('web/src/app/signed-in-home.tsx', 'web/src/features/planner/index'),
      edge('web/src/features/pricing/pricing-page.test.tsx', 'web/src/testing/test-utils'),
      edge('functions/src/handlers/weeks/get.ts', 'functions/src/http/api-handler'),
    ];
    expect(violations(allowed)).toEqual([]);
  });

  it('resolve relative and workspace imports to repository paths', () => {
    expect(resolveSpecifier('web/src/features/planner/day/day-view.tsx', '../api/use-week')).toBe(
      'web/src/features/planner/api/use-week',
    );
    expect(resolveSpecifier('functions/src/planner/x.ts', '@bloom/shared/planner/rules')).toBe(
      'shared/src/planner/rules',
    );
    expect(resolveSpecifier('web/src/app/app.tsx', 'react')).toBeNull();
  });
});
