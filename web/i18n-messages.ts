import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// By path, not @bloom/shared: Vite's config loader bundles relative imports, and leaves a package to Node, which
// cannot load TypeScript.
import { type CompiledCatalogue, compileCatalogue } from '../shared/src/i18n/compile.ts';
import { isLocale, LOCALES, type Locale } from '../shared/src/i18n/locales.ts';
import { pseudoMessage } from './i18n-pseudo.ts';

/**
 * The web's messages (docs/rules.md#languages). Each part of the app owns its words, beside its code: a feature in
 * `src/features/<feature>/messages/<locale>.json`, the shell in `src/app/messages/`, the shared components in
 * `src/components/messages/`, each message's id starting with its owner's name (`quiz.`, `app.`, `components.`).
 * So converting one feature's text touches that feature's folder only.
 *
 * `virtual:bloom-messages/<locale>` is every one of them in that language, compiled to FormatJS's AST as the
 * module is built (nothing parses a message in the browser), with the catalogues of shared's the web shows too
 * (errors, client, coach: compiled by `npm run i18n:compile`, as the functions read them). The app imports each
 * language's module dynamically (src/lib/i18n/load-messages.ts), so each is one chunk and she fetches only hers.
 */

const WEB_ROOT = dirname(fileURLToPath(import.meta.url));
const SHARED_COMPILED = join(WEB_ROOT, '../shared/src/i18n/compiled');

/** The virtual module of one language's messages: `virtual:bloom-messages/de`. */
export const MESSAGES_MODULE = 'virtual:bloom-messages/';

/** Shared's namespaces the web shows beside its own (shared/src/i18n/messages). */
export const SHARED_NAMESPACES = ['errors', 'client', 'coach'] as const;

/** One owner's messages: its name (every id's prefix) and the folder of its `<locale>.json` files. */
export interface WebCatalogue {
  owner: string;
  folder: string;
}

/** Every folder of the web that owns messages: the app shell, the shared components, and each feature with some. */
export function webCatalogues(root = WEB_ROOT): WebCatalogue[] {
  const features = join(root, 'src/features');
  const candidates: WebCatalogue[] = [
    { owner: 'app', folder: join(root, 'src/app/messages') },
    { owner: 'components', folder: join(root, 'src/components/messages') },
    // The words of index.html itself (its title, description and noscript line), written into each language's
    // prerendered page (src/prerender.tsx).
    { owner: 'html', folder: join(root, 'src/lib/i18n/messages') },
    ...readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({ owner: entry.name, folder: join(features, entry.name, 'messages') })),
  ];
  return candidates.filter((catalogue) => existsSync(catalogue.folder));
}

/** One owner's messages in one language, as written (ICU MessageFormat); none when its file is missing. */
export function catalogueSource(catalogue: WebCatalogue, locale: Locale): Record<string, string> {
  const file = join(catalogue.folder, `${locale}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/** Everything the web shows in `locale`, compiled, and the files it was read from. Refuses an id used twice. */
export function webMessages(locale: Locale): { messages: CompiledCatalogue; files: string[] } {
  const messages: CompiledCatalogue = {};
  const files: string[] = [];
  const owners = new Map<string, string>();
  const add = (owner: string, compiled: CompiledCatalogue) => {
    for (const [id, ast] of Object.entries(compiled)) {
      const other = owners.get(id);
      if (other) throw new Error(`Message ${id} is in two catalogues: ${other} and ${owner}`);
      owners.set(id, owner);
      messages[id] = ast;
    }
  };
  for (const namespace of SHARED_NAMESPACES) {
    const file = join(SHARED_COMPILED, namespace, `${locale}.json`);
    files.push(file);
    add(`shared ${namespace}`, JSON.parse(readFileSync(file, 'utf8')) as CompiledCatalogue);
  }
  for (const catalogue of webCatalogues()) {
    files.push(join(catalogue.folder, `${locale}.json`));
    try {
      add(relative(WEB_ROOT, catalogue.folder), compileCatalogue(catalogueSource(catalogue, locale)));
    } catch (error) {
      throw new Error(`${relative(WEB_ROOT, catalogue.folder)}/${locale}.json: ${(error as Error).message}`);
    }
  }
  return { messages, files };
}

/** English's messages in the pseudo-locale (web/i18n-pseudo.ts), for the `pseudo` build mode only. */
export function pseudoMessages(messages: CompiledCatalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([id, ast]) => [id, pseudoMessage(ast)]));
}

export interface BloomMessagesOptions {
  /**
   * Serve English in the pseudo-locale instead (`vite build --mode pseudo`; web/test/browser/pseudo-locale.test.ts):
   * every message then reads `[Ɓḗɠīƞ Ẏǿŭř Ĵǿŭřƞḗẏ]`, so text that is not a message stands out. A build of the
   * product never sets it.
   */
  pseudo?: boolean;
}

/** Vite plugin serving `virtual:bloom-messages/<locale>` (the build, the dev server and the component tests). */
export function bloomMessages(options: BloomMessagesOptions = {}): Plugin {
  const prefix = `\0${MESSAGES_MODULE}`;
  return {
    name: 'bloom-messages',
    resolveId: (id) => (id.startsWith(MESSAGES_MODULE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      const locale = id.slice(prefix.length);
      if (!isLocale(locale)) this.error(`${MESSAGES_MODULE}${locale}: Bloom speaks ${LOCALES.join(', ')}`);
      const { messages, files } = webMessages(locale);
      // The dev server reloads when a message changes (a feature's first catalogue needs a restart).
      for (const file of files) if (existsSync(file)) this.addWatchFile(file);
      const shown = options.pseudo && locale === 'en' ? pseudoMessages(messages) : messages;
      return `export default ${JSON.stringify(shown)};\n`;
    },
  };
}
