import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * Bloom's messages at runtime (docs/rules.md#languages): each namespace's catalogue (shared/src/i18n/messages,
 * compiled to FormatJS's AST in shared/src/i18n/compiled by `npm run i18n:compile`) in one language. English is
 * bundled with the code that uses a namespace, since it is every message's fallback; the other languages load on
 * first use, one file per namespace and language, so a function or a page fetches only the language it answers in.
 *
 * A message made only of text is its text. One with arguments is formatted by intl-messageformat, which only
 * the namespaces that have such messages load (`icu.ts`): the error and coach catalogues are text, and the
 * functions that only need them do not import it (scripts/bench/bundles.ts).
 */

/** A namespace's compiled catalogue in one language: message id to AST. */
export type CompiledMessages = Readonly<Record<string, readonly MessageFormatElement[]>>;

export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

/** Formats one message's AST in one language, given its arguments (`icu.ts`: intl-messageformat). */
export type IcuFormatter = (
  ast: readonly MessageFormatElement[],
  locale: Locale,
) => (values: MessageValues | undefined) => string;

/** FormatJS's AST element type of plain text. */
const LITERAL = 0;

/** The text of a message made only of text, or undefined. */
export function plainText(ast: readonly MessageFormatElement[]): string | undefined {
  let text = '';
  for (const element of ast) {
    if (element.type !== LITERAL) return undefined;
    text += element.value;
  }
  return text;
}

/** One namespace's messages in one language. A message its catalogue lacks is said in English. */
export class Messages<Id extends string> {
  private readonly formats = new Map<Id, (values: MessageValues | undefined) => string>();

  constructor(
    readonly locale: Locale,
    private readonly compiled: CompiledMessages,
    private readonly icu?: IcuFormatter,
    private readonly fallback?: Messages<Id>,
  ) {}

  format(id: Id, values?: MessageValues): string {
    const ast = this.compiled[id];
    if (!ast) {
      if (this.fallback) return this.fallback.format(id, values);
      throw new Error(`No message ${id} in the ${this.locale} catalogue`);
    }
    const text = plainText(ast);
    if (text !== undefined) return text;
    if (!this.icu) throw new Error(`Message ${id} has arguments, and its catalogue formats text only`);
    let format = this.formats.get(id);
    if (!format) {
      format = this.icu(ast, this.locale);
      this.formats.set(id, format);
    }
    return format(values);
  }
}

type LoadCompiled = () => Promise<{ default: unknown }>;

/**
 * A namespace: its English messages at hand, the other languages loaded on first use and kept. `icu` formats
 * its messages with arguments; a namespace without one holds text only (shared/test/i18n-catalogues.test.ts).
 */
export class Catalogue<Id extends string> {
  readonly english: Messages<Id>;
  private readonly loaded = new Map<Locale, Promise<Messages<Id>>>();

  constructor(
    english: unknown,
    private readonly others: Readonly<Record<Exclude<Locale, typeof DEFAULT_LOCALE>, LoadCompiled>>,
    private readonly icu?: IcuFormatter,
  ) {
    this.english = new Messages<Id>(DEFAULT_LOCALE, english as CompiledMessages, icu);
  }

  /** Whether every message is text, so no ICU formatter is needed. */
  get textOnly(): boolean {
    return this.icu === undefined;
  }

  load(locale: Locale): Promise<Messages<Id>> {
    if (locale === DEFAULT_LOCALE) return Promise.resolve(this.english);
    let messages = this.loaded.get(locale);
    if (!messages) {
      messages = this.others[locale]().then(
        (module) => new Messages<Id>(locale, module.default as CompiledMessages, this.icu, this.english),
      );
      // A failed load (a chunk the network lost) is tried again next time rather than kept.
      messages.catch(() => this.loaded.delete(locale));
      this.loaded.set(locale, messages);
    }
    return messages;
  }
}
