/**
 * `npm run i18n:compile`: compiles every message catalogue (shared/src/i18n/messages/<namespace>/<locale>.json,
 * ICU MessageFormat) to FormatJS's AST in shared/src/i18n/compiled/, which the web app and the functions load,
 * so no ICU parser runs or ships at runtime. Run it after changing a message; shared/test/i18n-catalogues.test.ts
 * fails while a compiled file is out of date.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileCatalogue, compiledCatalogueText } from '@bloom/shared/i18n/compile';

const I18N = resolve(fileURLToPath(import.meta.url), '../../../shared/src/i18n');
const SOURCES = join(I18N, 'messages');
const COMPILED = join(I18N, 'compiled');

for (const namespace of await readdir(SOURCES)) {
  await mkdir(join(COMPILED, namespace), { recursive: true });
  for (const file of await readdir(join(SOURCES, namespace))) {
    if (!file.endsWith('.json')) continue;
    const messages = JSON.parse(await readFile(join(SOURCES, namespace, file), 'utf8')) as Record<
      string,
      string
    >;
    await writeFile(join(COMPILED, namespace, file), compiledCatalogueText(compileCatalogue(messages)));
    console.log(`compiled ${namespace}/${file}`);
  }
}
