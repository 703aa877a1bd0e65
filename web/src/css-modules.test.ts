/**
 * Styles live with their owners (web/README.md, "Styles"): each component's classes are in the CSS module beside
 * it. A module's class names reach the components as plain properties (`styles.today`), which TypeScript cannot
 * check, so this test reads the source: every class a component takes from a module is defined there, every
 * class a module defines is used, and no component reaches into a module by a computed name it cannot check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The class names a stylesheet's selectors name (not its declarations, comments or strings). */
function classesIn(css: string): Set<string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // What stands before each `{`, back to the end of the previous rule, declaration or block.
  const selectors = withoutComments
    .split('{')
    .slice(0, -1)
    .map((part) => part.split(/[{};]/).pop() ?? '');
  const names = selectors.flatMap((selector) =>
    [...selector.replace(/"[^"]*"|'[^']*'/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]),
  );
  return new Set(names.filter((name): name is string => name !== undefined));
}

interface ModuleUse {
  file: string;
  module: string;
  /** `styles.name` and `styles['name']` */
  names: string[];
  /** `styles[expression]` */
  computed: string[];
}

/** Every `import x from './y.module.css'` in the TypeScript under src, and what the file takes from `x`. */
function moduleUses(files: readonly string[]): ModuleUse[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    // What the code says, without the import lines (`x.module` is a path there) and comments.
    const source = text
      .replace(/^import .*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    return [...text.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)].map(([, binding, path]) => {
      const names = [
        ...[...source.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, 'g'))].map((match) => match[1] ?? ''),
        ...[...source.matchAll(new RegExp(`\\b${binding}\\['([\\w-]+)'\\]`, 'g'))].map(
          (match) => match[1] ?? '',
        ),
      ];
      const computed = [...source.matchAll(new RegExp(`\\b${binding}\\[(?!')([^\\]]*)\\]`, 'g'))].map(
        (match) => match[1] ?? '',
      );
      return { file, module: resolve(dirname(file), path ?? ''), names, computed };
    });
  });
}

const all = filesUnder(SRC);
const modules = all.filter((file) => file.endsWith('.module.css'));
const uses = moduleUses(all.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')));
const name = (file: string) => relative(SRC, file);

describe('CSS modules', () => {
  it('finds the modules and the components using them', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(uses.length).toBeGreaterThan(20);
  });

  it.each(modules.map(name))(
    '%s: every class a component takes is defined, and every class is used',
    (path) => {
      const module = join(SRC, path);
      const defined = classesIn(readFileSync(module, 'utf8'));
      const users = uses.filter((use) => use.module === module);
      expect(
        users.map((use) => name(use.file)),
        'imported by a component',
      ).not.toEqual([]);
      const undefinedNames = users.flatMap((use) =>
        use.names.filter((used) => !defined.has(used)).map((used) => `${name(use.file)}: ${used}`),
      );
      expect(undefinedNames, 'classes used but not defined').toEqual([]);
      const taken = new Set(users.flatMap((use) => use.names));
      expect(
        [...defined].filter((defined) => !taken.has(defined)),
        'classes defined but never used',
      ).toEqual([]);
      expect(
        users.flatMap((use) => use.computed.map((expression) => `${name(use.file)}: [${expression}]`)),
        'computed class names (spell each one out, e.g. in a Record, so it can be checked)',
      ).toEqual([]);
    },
  );

  it('no module composes a class from another file: Vite can emit that file after the rules refining it', () => {
    const composing = modules.filter((module) => /composes:[^;]*\bfrom\b/.test(readFileSync(module, 'utf8')));
    expect(composing.map(name)).toEqual([]);
  });

  it('reads class names from selectors only', () => {
    expect(
      classesIn(`/* .comment */ .a:hover, .b > .c-d { width: 0.5rem; }
@media (max-width: 767px) { .e[aria-pressed="true"] .f::after { content: ".g"; } }`),
    ).toEqual(new Set(['a', 'b', 'c-d', 'e', 'f']));
  });
});
