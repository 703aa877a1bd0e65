import type { Locale } from '@bloom/shared/i18n/locales';
import type { MessageFormatElement } from 'react-intl';

/** The web's messages in one language, as react-intl takes them: message id to compiled AST. */
export type WebMessages = Record<string, MessageFormatElement[]>;

type Load = () => Promise<ReadonlyArray<{ default: unknown }>>;

/**
 * Each language's catalogues the web shows (docs/rules.md#languages): its own, the error catalogue's, what it
 * says of failures that never reached the API, and the coach's. Every file is a chunk of its own, English too, so the browser fetches only her language's.
 */
const CATALOGUES: Readonly<Record<Locale, Load>> = {
  en: () =>
    Promise.all([
      import('@bloom/shared/i18n/compiled/web/en.json'),
      import('@bloom/shared/i18n/compiled/errors/en.json'),
      import('@bloom/shared/i18n/compiled/client/en.json'),
      import('@bloom/shared/i18n/compiled/coach/en.json'),
    ]),
  de: () =>
    Promise.all([
      import('@bloom/shared/i18n/compiled/web/de.json'),
      import('@bloom/shared/i18n/compiled/errors/de.json'),
      import('@bloom/shared/i18n/compiled/client/de.json'),
      import('@bloom/shared/i18n/compiled/coach/de.json'),
    ]),
  fr: () =>
    Promise.all([
      import('@bloom/shared/i18n/compiled/web/fr.json'),
      import('@bloom/shared/i18n/compiled/errors/fr.json'),
      import('@bloom/shared/i18n/compiled/client/fr.json'),
      import('@bloom/shared/i18n/compiled/coach/fr.json'),
    ]),
  es: () =>
    Promise.all([
      import('@bloom/shared/i18n/compiled/web/es.json'),
      import('@bloom/shared/i18n/compiled/errors/es.json'),
      import('@bloom/shared/i18n/compiled/client/es.json'),
      import('@bloom/shared/i18n/compiled/coach/es.json'),
    ]),
};

/** Her language's messages; the ids of different catalogues never meet (shared/test/i18n-catalogues.test.ts). */
export async function loadWebMessages(locale: Locale): Promise<WebMessages> {
  const modules = await CATALOGUES[locale]();
  return Object.assign({}, ...modules.map((module) => module.default)) as WebMessages;
}
