import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * Build-time only, like compile.ts (the catalogue tests: shared/test/i18n-catalogues.test.ts for shared's
 * namespaces, web/src/messages.test.ts for the web's): what must hold between a message in English and the same
 * message in another language (docs/rules.md#languages). Each message is compared through its AST.
 */

/** A catalogue's source as its file holds it: message id to ICU MessageFormat. */
export type MessageSource = Readonly<Record<string, string>>;

/**
 * What a message asks of its caller and how it branches: each argument as `name:type` (a plural's type names
 * cardinal or ordinal), each select's cases, and whether every plural and select has its `other` case. Plural
 * cases are each language's own (German has no `few`, French a `many`), so only `other` is compared.
 */
export function shapeOf(ast: readonly MessageFormatElement[], shape = new Set<string>()): Set<string> {
  for (const element of ast) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        shape.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.select:
        shape.add(`${element.value}:select(${Object.keys(element.options).sort().join('|')})`);
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
        break;
      case TYPE.plural:
        shape.add(`${element.value}:plural:${element.pluralType}`);
        shape.add(`${element.value}:other case:${'other' in element.options}`);
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
        break;
      case TYPE.tag:
        shape.add(`<${element.value}>`);
        shapeOf(element.children, shape);
        break;
    }
  }
  return shape;
}

/** The words a message says around its arguments. */
export function literalText(ast: readonly MessageFormatElement[]): string {
  return ast
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.select || element.type === TYPE.plural)
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join(' ');
      if (element.type === TYPE.tag) return literalText(element.children);
      return ' ';
    })
    .join('');
}

/** The numbers a text states, however its language groups thousands: "1,000", "1.000", "1 000" are 1000. */
export function numbersIn(text: string): string[] {
  return [...text.replace(/(\d)[.,\u00a0\u202f ](?=\d{3}\b)/g, '$1').matchAll(/\d+/g)]
    .map((match) => match[0])
    .sort();
}

const sortedShape = (message: string) => [...shapeOf(parse(message))].sort();

/** The ids whose translation asks for other arguments than English (by name and type, plural, select and cases). */
export function idsWithOtherArguments(english: MessageSource, translated: MessageSource): string[] {
  return Object.keys(english).filter(
    (id) =>
      JSON.stringify(sortedShape(translated[id] ?? '')) !== JSON.stringify(sortedShape(english[id] ?? '')),
  );
}

/** The ids whose translation states other numbers than English. */
export function idsWithOtherNumbers(english: MessageSource, translated: MessageSource): string[] {
  const numbers = (message: string) => numbersIn(literalText(parse(message))).join();
  return Object.keys(english).filter((id) => numbers(english[id] ?? '') !== numbers(translated[id] ?? ''));
}

/** The ids of messages of three words or more left in English: a translation copied, not written. */
export function idsCopiedFromEnglish(english: MessageSource, translated: MessageSource): string[] {
  const wordsOf = (message: string) => literalText(parse(message)).match(/\p{L}{2,}/gu) ?? [];
  return Object.keys(english).filter(
    (id) => wordsOf(english[id] ?? '').length >= 3 && translated[id] === english[id],
  );
}

/**
 * The ids of French messages with an ordinary space before "?", "!", ":", ";" or "»" (or after "«"): French sets
 * that space, but a line may break at an ordinary one and leave the mark alone at the start of the next line
 * ("gratuit" / "?"). A no-break space (U+00A0 or U+202F) keeps the mark with its word.
 */
export function idsWithBreakableFrenchSpacing(french: MessageSource): string[] {
  return Object.keys(french).filter((id) => / [?!:;»]|« /.test(literalText(parse(french[id] ?? ''))));
}
