import type { ImportEdge } from './import-graph';

/**
 * Which way imports may run (docs/architecture.md "Import rules"). Each rule names the files it governs and the places they
 * must not import; every rule that governs a file applies. Paths are repository paths without extension.
 */
export interface ImportRule {
  name: string;
  governs(file: string): boolean;
  forbids(from: string, to: string): boolean;
}

const under = (folder: string) => (path: string) => path.startsWith(folder);
const isTestFile = (path: string) => /\.test\.tsx?$|\/testing\//.test(path);
/** The web feature a path belongs to, e.g. `planner` for web/src/features/planner/day/day-view. */
const featureOf = (path: string) => /^web\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

const FUNCTION_DOMAINS = ['account', 'planner', 'billing', 'coach', 'activities', 'profile', 'data'].map(
  (area) => `functions/src/${area}/`,
);

export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'shared/ is the bottom: it imports only itself and packages',
    governs: under('shared/'),
    forbids: (_from, to) => !to.startsWith('shared/'),
  },
  {
    name: 'a web feature imports components/, lib/, shared/ and itself: never app/ or another feature',
    governs: under('web/src/features/'),
    forbids: (from, to) => {
      if (to.startsWith('web/src/app/')) return true;
      // Tests render a feature the way the app does, against the in-memory API in web/src/testing/.
      if (to.startsWith('web/src/testing/') && isTestFile(from)) return false;
      const target = featureOf(to);
      if (target !== null) return target !== featureOf(from);
      return (
        to.startsWith('web/src/') && !to.startsWith('web/src/components/') && !to.startsWith('web/src/lib/')
      );
    },
  },
  {
    name: 'web components/ and lib/ know nothing of features or the app',
    governs: (file) => file.startsWith('web/src/components/') || file.startsWith('web/src/lib/'),
    forbids: (_from, to) => to.startsWith('web/src/features/') || to.startsWith('web/src/app/'),
  },
  {
    name: 'server domain code knows nothing of HTTP: only handlers/ and http/ do',
    governs: (file) => FUNCTION_DOMAINS.some((folder) => file.startsWith(folder)),
    forbids: (_from, to) => to.startsWith('functions/src/http/') || to.startsWith('functions/src/handlers/'),
  },
  {
    name: 'functions/ never reaches into the web app, the CDK app or developer tooling',
    governs: under('functions/src/'),
    forbids: (_from, to) => ['web/', 'infra/', 'scripts/'].some((folder) => to.startsWith(folder)),
  },
];

export interface Violation {
  rule: string;
  edge: ImportEdge;
}

export function violations(
  edges: readonly ImportEdge[],
  rules: readonly ImportRule[] = IMPORT_RULES,
): Violation[] {
  const found: Violation[] = [];
  for (const edge of edges) {
    for (const rule of rules) {
      if (rule.governs(edge.from) && rule.forbids(edge.from, edge.to)) found.push({ rule: rule.name, edge });
    }
  }
  return found;
}
