import {
  CLIENT_MESSAGE_IDS,
  CLIENT_MESSAGES,
  ERRORS,
  type ErrorCode,
  errorMessageId,
  fieldMessageId,
} from '@bloom/shared/errors/catalogue';
import type { Locale } from '@bloom/shared/i18n/locales';
import { plainText } from '@bloom/shared/i18n/messages';
import { loadWebMessages, type WebMessages } from '../i18n/load-messages';
import { currentLocale, subscribeLocale } from '../i18n/locale-store';

/**
 * What the API client says in her language (docs/rules.md#languages) where no component is there to ask
 * react-intl: the failures it words itself (shared's `client` catalogue, and the error catalogue's messages it
 * falls back on) reach toasts and error boxes as text. An ApiError keeps the English it was made with, so the
 * code that reads it never depends on a language; `inHerLanguage` turns a catalogue message into the language
 * she reads Bloom in when it is shown (messageOf). Text that is no catalogue message (what the API said, already
 * in her language through `Accept-Language`) is shown as it is.
 *
 * Her language's words are the web's own module of messages (one chunk a language, which holds shared's `client`
 * and `errors` catalogues), the same one the page shows: already loaded by then, so nothing more is fetched.
 */

let shown: { locale: Locale; messages: WebMessages } | undefined;

function show(locale: Locale): void {
  void loadWebMessages(locale).then(
    (messages) => {
      // A quicker later choice wins over a slower earlier one.
      if (currentLocale() === locale) shown = { locale, messages };
    },
    () => {
      // Not fetched (offline): the language shown before, or English, until the next choice.
    },
  );
}

let listening = false;

function herMessages(): WebMessages | undefined {
  if (!listening) {
    listening = true;
    subscribeLocale(show);
    show(currentLocale());
  }
  return shown?.locale === currentLocale() ? shown.messages : undefined;
}

let idsByEnglish: Map<string, string> | undefined;

/** The catalogue id of an English message of the client or error catalogue (or a field's), else undefined. */
export function catalogueId(english: string): string | undefined {
  if (!idsByEnglish) {
    idsByEnglish = new Map<string, string>();
    for (const [code, { message }] of Object.entries(ERRORS))
      idsByEnglish.set(message, errorMessageId(code as ErrorCode));
    for (const [key, id] of Object.entries(CLIENT_MESSAGE_IDS))
      idsByEnglish.set(CLIENT_MESSAGES[key as keyof typeof CLIENT_MESSAGES], id);
  }
  return idsByEnglish.get(english) ?? fieldMessageId(english);
}

/**
 * A message of the client or error catalogue, as written in English (`CLIENT_MESSAGES.network`), in her
 * language; any other text as it is. English until her language's messages are here.
 */
export function inHerLanguage(text: string): string {
  const id = catalogueId(text);
  const ast = id === undefined ? undefined : herMessages()?.[id];
  return (ast && plainText(ast)) ?? text;
}

/** Starts reading her language's words, so the first failure shown is already in it. */
export function prepareHerWords(): void {
  herMessages();
}
