import {
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  TYPE,
} from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale of the "no string slips through" check (docs/decisions/0009-landing-per-language.md): FormatJS's
 * `en-XA`, what `formatjs compile --pseudo-locale en-XA` writes. Every letter of the English text accented
 * (`Begin` → `Ɓḗɠīƞ`) and each message bracketed, arguments, plurals, selects and tags kept as they are, so the page
 * stays readable and the same length, and any plain ASCII word left on screen is text that is not a message.
 *
 * Written here rather than installed: the installed FormatJS (parser 2.11) has no pseudo-locale, and
 * `@formatjs/cli-lib`, which has, brings TypeScript 5, Node 22's types and Vue's compiler as peers for its
 * extractors. This is its `generateENXA` over the same AST. Build-time only: the `pseudo` build mode
 * (web/vite.config.ts) shows it in place of English, which a normal build never does.
 */

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'][index] ?? letter,
  ]),
);

/** Plain text in the pseudo-locale's letters: `Begin` → `Ɓḗɠīƞ`. */
export function accented(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

function accentLiterals(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accented(element.value) };
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentLiterals(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (isTagElement(element)) return { ...element, children: accentLiterals(element.children) };
    return element;
  });
}

/** One compiled message in the pseudo-locale: its text accented and bracketed, `[Ɓḗɠīƞ Ẏǿŭř Ĵǿŭřƞḗẏ]`. */
export function pseudoMessage(elements: MessageFormatElement[]): MessageFormatElement[] {
  return [
    { type: TYPE.literal, value: '[' },
    ...accentLiterals(elements),
    { type: TYPE.literal, value: ']' },
  ];
}
