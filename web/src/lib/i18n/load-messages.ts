import type { Locale } from '@bloom/shared/i18n/locales';
import type { MessageFormatElement } from 'react-intl';

/** The web's messages in one language, as react-intl takes them: message id to compiled AST. */
export type WebMessages = Record<string, MessageFormatElement[]>;

/**
 * Each language's messages the web shows (docs/rules.md#languages): every feature's, the shell's and the
 * components' own, with the error catalogue's, what it says of failures that never reached the API, and the
 * coach's, compiled into one module per language as the app is built (web/i18n-messages.ts). Each is a chunk of
 * its own, English too, so the browser fetches only her language's.
 */
const CATALOGUES: Readonly<Record<Locale, () => Promise<{ default: WebMessages }>>> = {
  en: () => import('virtual:bloom-messages/en'),
  de: () => import('virtual:bloom-messages/de'),
  fr: () => import('virtual:bloom-messages/fr'),
  es: () => import('virtual:bloom-messages/es'),
};

/** Her language's messages. */
export async function loadWebMessages(locale: Locale): Promise<WebMessages> {
  return (await CATALOGUES[locale]()).default;
}
