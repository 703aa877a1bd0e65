import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import {
  build,
  type CSSOptions,
  defineConfig,
  type Plugin,
  type ResolvedConfig,
  resolveConfig,
  type UserConfig,
} from 'vite';
import { LOCALES, type Locale } from '../shared/src/i18n/locales.ts';
import { landingFile } from '../shared/src/site/landing.ts';
import { bloomMessages } from './i18n-messages.ts';
import { themeCssVariables } from './src/components/theme.ts';
import type { PrerenderedLanding } from './src/prerender.tsx';

const THEME_MODULE = 'virtual:bloom-theme.css';
/** The build mode that shows English in the pseudo-locale, for tests only (test/browser/pseudo-locale.test.ts). */
export const PSEUDO_MODE = 'pseudo';
const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Each component's styles sit beside it as a CSS module (`thing.module.css`, imported by `thing.tsx`), so its class
 * names are its own. A class reads `<file>_<class>_<hash>` (`day-card_today_Ab3x_`) in development and in the
 * build alike: readable in the browser's inspector, and the hash of the file's path keeps two files of one name
 * apart. The name depends only on the path and the class, so the prerendered landing and the client agree on it.
 */
const css: CSSOptions = {
  modules: {
    generateScopedName(name, filename) {
      const path = relative(WEB_ROOT, filename.replace(/\?.*$/, ''));
      const hash = createHash('sha256').update(`${path}:${name}`).digest('base64url').slice(0, 5);
      return `${basename(path).replace(/\.module\.css$/, '')}_${name}_${hash}`;
    },
  },
};

/** Serves the design tokens of src/components/theme.ts as CSS custom properties: one source for CSS and TypeScript. */
function themeTokens(): Plugin {
  const resolved = `\0${THEME_MODULE}`;
  return {
    name: 'bloom-theme-tokens',
    resolveId: (id) => (id === THEME_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const declarations = Object.entries(themeCssVariables())
        .map(([name, value]) => `  ${name}: ${value};`)
        .join('\n');
      return `:root {\n${declarations}\n}\n`;
    },
  };
}

/** The CSS modules src/first-paint-styles.ts imports, as absolute paths. */
async function firstPaintModules(): Promise<Set<string>> {
  const list = resolve(WEB_ROOT, 'src/first-paint-styles.ts');
  const source = await readFile(list, 'utf8');
  return new Set(
    [...source.matchAll(/^import '(\.[^']+\.module\.css)';$/gm)].map((match) =>
      resolve(dirname(list), match[1] ?? ''),
    ),
  );
}

/**
 * Keeps the modules src/first-paint-styles.ts imports in the entry, so their CSS is in the first stylesheet.
 * Vite marks a CSS module free of side effects (its class names are all it exports), so an import made for its
 * CSS alone would be dropped, and the CSS would load only with the first chunk that uses the class names.
 */
function firstPaintStyles(): Plugin {
  let modules = new Set<string>();
  return {
    name: 'bloom-first-paint-styles',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      modules = await firstPaintModules();
    },
    transform(code, id) {
      if (!modules.has(id.replace(/\?.*$/, ''))) return undefined;
      return { code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}

/** Text for an HTML attribute or element: what could close it escaped. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The built index.html in `locale`: its language, title, descriptions and noscript line, and the landing. */
function localisedPage(template: string, locale: Locale, landing: PrerenderedLanding): string {
  const { words } = landing;
  const replacements: Array<[RegExp, string]> = [
    [/<html lang="en">/, `<html lang="${locale}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(words.title)}</title>`],
    [/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(words.description)}"`],
    [/(<meta property="og:title" content=")[^"]*"/, `$1${escapeHtml(words.ogTitle)}"`],
    [/(<meta property="og:description" content=")[^"]*"/, `$1${escapeHtml(words.ogDescription)}"`],
    [/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(words.noscript)}</noscript>`],
    [/<div id="root"><\/div>/, `<div id="root">${landing.markup}</div>`],
  ];
  return replacements.reduce((html, [pattern, replacement]) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}: the prerender cannot fill it in`);
    // A function, so `$` in the landing's markup is not read as a replacement pattern.
    return html.replace(pattern, (...match) => replacement.replace(/\$1/g, () => String(match[1] ?? '')));
  }, template);
}

/** Builds src/prerender.tsx for Node into a folder of its own and imports it. */
async function prerenderer(
  root: string,
  pseudo: boolean,
): Promise<{ renderLanding(locale: Locale): Promise<PrerenderedLanding>; done(): Promise<void> }> {
  // Inside web/ so the render's imports (react, react-router) resolve; one folder per build, so builds
  // running at the same time (test runs, the benchmark) never share it.
  await mkdir(join(root, 'node_modules'), { recursive: true });
  const outDir = await mkdtemp(join(root, 'node_modules/.bloom-prerender-'));
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), bloomMessages({ pseudo })],
    css,
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: '[name].mjs' } },
    },
  });
  const entry = pathToFileURL(join(outDir, 'prerender.mjs')).href;
  const module = (await import(`${entry}?build=${Date.now()}`)) as {
    renderLanding(locale: Locale): Promise<PrerenderedLanding>;
  };
  return { renderLanding: module.renderLanding, done: () => rm(outDir, { recursive: true, force: true }) };
}

/**
 * After the client build, renders the landing page once per language on the server side (src/prerender.tsx) and
 * writes each into its own copy of index.html (`landingFile`), in that language from `<html lang>` to the
 * noscript line, so her first paint is in her words and needs no JavaScript (Lighthouse budgets;
 * docs/decisions/0009-landing-per-language.md). CloudFront, and the local cloud, hand each visitor hers.
 */
function prerenderLanding(options: { pseudo: boolean }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bloom-prerender-landing',
    apply: 'build',
    configResolved(resolvedConfig) {
      config = resolvedConfig;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const render = await prerenderer(config.root, options.pseudo);
      try {
        const outDir = resolve(config.root, config.build.outDir);
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        for (const locale of LOCALES) {
          const page = localisedPage(template, locale, await render.renderLanding(locale));
          await writeFile(join(outDir, landingFile(locale)), page);
        }
      } finally {
        await render.done();
      }
    },
  };
}

const fromShared = createRequire(new URL('../shared/package.json', import.meta.url));

/**
 * What the dev server may read from disk: the app's own source, the shared code it imports and the installed
 * packages (Vite's own client is added by Vite). The rest of the repository is not served: the local cloud's data
 * folder (its signing key, sessions, Stripe and VAPID keys) sits there, and so do the server-side workspaces.
 */
const DEV_SERVER_READABLE = [WEB_ROOT, resolve(WEB_ROOT, '../shared'), resolve(WEB_ROOT, '../node_modules')];

/**
 * Refused even inside DEV_SERVER_READABLE: node_modules/@bloom/* are links to every workspace (functions, scripts,
 * infra), which the app reaches by their real paths anyway. Vite replaces its default list (.env, keys,
 * certificates, .git) with any list given, so its defaults are read and kept.
 */
async function devServerRefused(): Promise<string[]> {
  const defaults = await resolveConfig({ root: WEB_ROOT, configFile: false, logLevel: 'silent' }, 'serve');
  return [...defaults.server.fs.deny, '**/node_modules/@bloom/**'];
}

/** React Router's production entry: the file beside the development one its package exports. */
function reactRouterProductionBuild(): string {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = join(development, '../../production/index.mjs');
  if (!/dist[\\/]development[\\/]index\.m?js$/.test(development) || !existsSync(production))
    throw new Error(
      `React Router's production build is not beside ${development}: check the alias after an upgrade`,
    );
  return production;
}

/**
 * The SPA build. The local cloud serves this same config in dev (`web: 'vite'`) and `dist/` in production
 * mode (`web: 'dist'`); `/api` and `/config.json` come from the same origin in both.
 */
export default defineConfig(
  async ({ command, mode }): Promise<UserConfig> => ({
    plugins: [
      react(),
      themeTokens(),
      // `vite build --mode pseudo` shows English in the pseudo-locale (web/i18n-pseudo.ts), for the check that
      // no text is left out of the messages (test/browser/pseudo-locale.test.ts). Only that build mode does.
      bloomMessages({ pseudo: mode === PSEUDO_MODE }),
      firstPaintStyles(),
      prerenderLanding({ pseudo: mode === PSEUDO_MODE }),
    ],
    css,
    resolve: {
      alias: {
        // One intl-messageformat for react-intl and shared's messages (both pin the same version; npm installs a
        // copy beside each).
        'intl-messageformat': fromShared.resolve('intl-messageformat'),
        // Every catalogue is compiled to its AST (npm run i18n:compile), so no ICU parser is needed: it would add
        // some 15 KB gzipped (docs/decisions/0008-i18n-library.md).
        '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
        // React Router's package exports only its development build, whose warnings run (and ship) in production
        // too (remix-run/react-router#14102); the build takes its production twin, the same code without them.
        ...(command === 'build' ? { 'react-router': reactRouterProductionBuild() } : {}),
      },
    },
    build: {
      target: 'es2022',
      // Maps are written next to the build, for reading a stack trace against it, but no file points to them and
      // the deployment leaves them out (infra/lib/web.ts): the public site does not hand out its source.
      sourcemap: 'hidden',
    },
    server: {
      // The app is read from its own origin only: no other page (any localhost port included, which Vite allows
      // by default) may read the dev server's files.
      cors: false,
      fs: {
        strict: true,
        allow: DEV_SERVER_READABLE,
        ...(command === 'serve' ? { deny: await devServerRefused() } : {}),
      },
    },
  }),
);
