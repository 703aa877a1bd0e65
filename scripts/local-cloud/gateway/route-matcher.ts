import type { RouteDefinition } from '@bloom/functions/routes';

export interface RouteMatch {
  route: RouteDefinition;
  /** `METHOD /path/{param}`, as API Gateway names the route. */
  routeKey: string;
  /** Decoded values of the path's `{parameters}`; empty when the route has none. */
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  /** Literal segments count; API Gateway prefers the most specific route. */
  literals: number;
  greedy: boolean;
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  let literals = 0;
  let greedy = false;
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
      if (!parameter) {
        literals += 1;
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }
      names.push(parameter[1] ?? '');
      if (parameter[2]) {
        greedy = true;
        return '(.+)';
      }
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, literals, greedy };
}

/** Matches request paths against the route table the way an HTTP API does. */
export function createRouteMatcher(routes: readonly RouteDefinition[]) {
  const compiled = routes
    .map(compile)
    .sort((a, b) => Number(a.greedy) - Number(b.greedy) || b.literals - a.literals);
  return (method: string, rawPath: string): RouteMatch | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const found = candidate.pattern.exec(rawPath);
      if (!found) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        pathParameters[name] = safeDecode(found[index + 1] ?? '');
      });
      return {
        route: candidate.route,
        routeKey: `${candidate.route.method} ${candidate.route.path}`,
        pathParameters,
      };
    }
    return undefined;
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
