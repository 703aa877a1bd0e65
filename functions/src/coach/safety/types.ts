import type { CrisisCategory, CrisisLanguage } from '@bloom/shared/coach/crisis-support';

/**
 * One language's patterns, as plain data a reviewer can read (patterns/en.ts, de.ts, fr.ts, es.ts).
 *
 * A phrase is a few words, matched in order as whole words, after the message and the phrase have been
 * normalised alike (lower case, no accents, repeated letters folded: "Sooo" and "so", "kill" and "kil" are
 * one word). In a phrase:
 *
 * | write            | it matches                                                               |
 * | ---------------- | ------------------------------------------------------------------------ |
 * | `kill myself`    | the words "kill myself", next to each other                              |
 * | `(end|take) it`  | one of the alternatives; an alternative may be several words             |
 * | `[really]`       | the word(s) or nothing; `[just|really]` one of them or nothing           |
 * | `suicid*`        | any word starting with "suicid": suicide, suicidal                       |
 * | `...`            | up to three other words in between (never across a full stop or comma)   |
 * | `{pills}`        | one of the words of the group `pills` (see `groups`)                     |
 * | `##`             | a number of two or more digits ("30")                                    |
 * | `$` (at the end) | the message or its clause ends here: end, full stop, comma, or a word of |
 * |                  | `clauseBreaks` ("ich will nicht mehr" but not "ich will nicht mehr so…") |
 * | `^` (at the start) | a clause starts here: the message's start, or after a full stop, comma |
 * |                  | or a word of `clauseBreaks`                                              |
 * | `*`              | any number of words, never across where the clause ends; never first    |
 * |                  | (`^ *` is allowed): for idioms and stories whose whole clause is set     |
 * |                  | aside ("the song goes * $", "^ * lol $")                                  |
 */
export interface LanguagePatterns {
  language: CrisisLanguage;
  /**
   * How people shorten or misspell words, written out before matching: `dont: 'do not'`, `kms: 'kill myself'`.
   * Keys are single words as they are typed (apostrophes dropped where `apostrophes` is 'join').
   */
  words: Readonly<Record<string, string>>;
  /** 'join': "don't" becomes "dont" (English); 'split': "j'ai" becomes "j ai" (French and the rest). */
  apostrophes: 'join' | 'split';
  /** German writes ä as ae without an umlaut key: fold ae, oe, ue to a, o, u on both sides. */
  foldDigraphs?: boolean;
  /** Word groups a phrase names in braces: `{self}` for `myself|my self`. */
  groups: Readonly<Record<string, string>>;
  /** Words after which a clause is over, for `$`: "and", "but"... */
  clauseBreaks: readonly string[];
  /**
   * Phrases that are not a crisis although they contain a crisis phrase's words: idioms ("dying to try",
   * "die of embarrassment") and negations ("not suicidal"). Their words are set aside before the crisis
   * phrases are matched, so the rest of the message is still read.
   */
  notCrisis: readonly string[];
  /** The crisis phrases, by what they are about. */
  crisis: Readonly<Record<CrisisCategory, readonly string[]>>;
  /** Very common words of the language, to tell which language a message is in. */
  commonWords: readonly string[];
}

export type { CrisisCategory, CrisisLanguage };
