import {
  type BackgroundFunction,
  backgroundKeyOf,
  grantedActions,
  type RouteDefinition,
} from '@bloom/functions/routes';
import type { GrantUse } from './grant-usage';

/** What is wrong with one route's grant, judged by what the integration suite made it do. */
export interface GrantFinding {
  route: string;
  handler: string;
  /** Granted, and never used by any test: remove it, or add the test of the path that needs it. */
  unused: string[];
  /** Asked for and refused: the route needs it and the grant lacks it. */
  refused: string[];
}

/** The routes whose grant is not exactly what the suite used: over-grants and refusals, sorted. */
export function findGrantProblems(
  routes: readonly (RouteDefinition | BackgroundFunction)[],
  uses: readonly GrantUse[],
): GrantFinding[] {
  return routes
    .map((route) => {
      const key = 'method' in route ? `${route.method} ${route.path}` : backgroundKeyOf(route);
      const own = uses.filter((use) => use.route === key);
      const used = new Set(own.filter((use) => use.allowed).map((use) => use.action));
      return {
        route: key,
        handler: route.handler,
        unused: grantedActions(route)
          .filter((action) => !used.has(action))
          .sort(),
        refused: [...new Set(own.filter((use) => !use.allowed).map((use) => use.action))].sort(),
      };
    })
    .filter((finding) => finding.unused.length > 0 || finding.refused.length > 0);
}

export function formatGrantProblems(findings: readonly GrantFinding[]): string {
  const section = (title: string, pick: (finding: GrantFinding) => string[]) => {
    const lines = findings
      .filter((finding) => pick(finding).length > 0)
      .map((finding) => `  ${finding.route} (${finding.handler}): ${pick(finding).join(', ')}`);
    return lines.length > 0 ? [title, ...lines] : [];
  };
  return [
    ...section(
      'Granted but never used by any integration test (remove it from functions/src/routes.ts, or test the path that needs it):',
      (finding) => finding.unused,
    ),
    ...section(
      'Refused during the integration tests (the route needs it: grant it in functions/src/routes.ts):',
      (finding) => finding.refused,
    ),
  ].join('\n');
}
