import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import of one file, both as repository paths (the target resolved, without its extension). */
export interface ImportEdge {
  from: string;
  to: string;
  /** As written in the source. */
  specifier: string;
}

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'test-results']);
/** Static imports and re-exports, `import type` included, and dynamic `import('...')`. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** The workspaces' package names, as their package.json `exports` map them. */
const WORKSPACES: Record<string, string> = {
  '@bloom/shared/': 'shared/src/',
  '@bloom/functions/': 'functions/src/',
  '@bloom/scripts/': 'scripts/',
};

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...sourceFiles(root, path));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      found.push(path);
    }
  }
  return found;
}

/** The repository path an import names (without extension), or null for an outside package. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    return join(dirname(from), specifier).replace(/\.(ts|tsx|js)$/, '');
  }
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier.startsWith(name))
      return folder + specifier.slice(name.length).replace(/\.(ts|tsx|js)$/, '');
  }
  return null;
}

/** Every import between the repository's own files under `folders` (paths relative to `root`). */
export function importGraph(root: string, folders: readonly string[]): ImportEdge[] {
  const absolute = resolve(root);
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(absolute, folder)) {
      const from = relative(absolute, join(absolute, file));
      const text = readFileSync(join(absolute, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = (match[1] ?? match[2]) as string;
        const to = resolveSpecifier(from, specifier);
        if (to !== null) edges.push({ from, to, specifier });
      }
    }
  }
  return edges;
}
