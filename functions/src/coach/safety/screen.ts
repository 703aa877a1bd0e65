import {
  CRISIS_CATEGORIES,
  type CrisisCategory,
  type CrisisLanguage,
} from '@bloom/shared/coach/crisis-support';
import { correctTypo, type NormaliseOptions, normaliseWords } from './normalise';
import { de } from './patterns/de';
import { en } from './patterns/en';
import { es } from './patterns/es';
import { fr } from './patterns/fr';
import { asText, type CompiledPhrase, compilePhrase, type PhraseContext, type PhraseWords } from './phrase';
import type { LanguagePatterns } from './types';

/**
 * The safety screen: before the model sees a message, is it about suicide, self-harm, abuse or violence at
 * home, or a medical emergency? Pure: text in, verdict out. Every language's patterns read every message (people
 * mix languages, and a short message names none), each after its own normalisation; the idioms and negations
 * of all four languages are set aside first.
 */

export const SAFETY_LANGUAGES: readonly LanguagePatterns[] = [en, de, fr, es];

export type Screening =
  | { crisis: false }
  | {
      crisis: true;
      /** Every category a phrase matched, the most urgent first. */
      categories: [CrisisCategory, ...CrisisCategory[]];
      /** The language whose phrases matched (the message's own when several did). */
      language: CrisisLanguage;
    };

interface CompiledLanguage {
  patterns: LanguagePatterns;
  options: NormaliseOptions;
  words: Readonly<Record<string, string[]>>;
  vocabulary: Set<string>;
  stems: string[];
  masks: CompiledPhrase[];
  crisis: { category: CrisisCategory; phrase: CompiledPhrase }[];
  commonWords: Set<string>;
}

/** The mark left where a notCrisis phrase was: no crisis phrase can use its words. */
const MASK = '_';

function compileLanguage(patterns: LanguagePatterns): CompiledLanguage {
  const options: NormaliseOptions = {
    apostrophes: patterns.apostrophes,
    foldDigraphs: patterns.foldDigraphs,
  };
  const context = (source: LanguagePatterns): PhraseContext => ({
    ...options,
    groups: source.groups,
    clauseBreaks: patterns.clauseBreaks,
  });
  const seen: PhraseWords = { words: new Set(), stems: new Set() };
  const crisis = CRISIS_CATEGORIES.flatMap((category) =>
    patterns.crisis[category].map((source) => ({
      category,
      phrase: compilePhrase(source, context(patterns), seen),
    })),
  );
  // Every language's idioms and negations, read as this language normalises: "not suicidal" must not be a
  // crisis for the French patterns either, whose `suicid*` would otherwise find it.
  const masks = SAFETY_LANGUAGES.flatMap((language) =>
    language.notCrisis.map((source) =>
      compilePhrase(source, context(language), language === patterns ? seen : ignored(), true),
    ),
  );
  const words: Record<string, string[]> = {};
  for (const [typed, meant] of Object.entries(patterns.words)) {
    const [key] = normaliseWords(typed, options);
    if (key) words[key] = normaliseWords(meant, options);
  }
  return {
    patterns,
    options,
    words,
    vocabulary: seen.words,
    stems: [...seen.stems],
    masks,
    crisis,
    commonWords: new Set(patterns.commonWords.flatMap((word) => normaliseWords(word, options))),
  };
}

const ignored = (): PhraseWords => ({ words: new Set(), stems: new Set() });

let compiled: CompiledLanguage[] | undefined;
/** Compiled on first use, not at import: a cold start that never screens pays nothing. */
function languages(): CompiledLanguage[] {
  compiled ??= SAFETY_LANGUAGES.map(compileLanguage);
  return compiled;
}

/**
 * The message as one language's crisis phrases read it: normalised, shorthand spelled out, the idioms and
 * negations set aside (before typos are put right, so "suicidal" in "not suicidal" stays as written), then
 * typos put right.
 */
function prepare(text: string, language: CompiledLanguage): string {
  let words = asText(
    normaliseWords(text, language.options).flatMap((word) => language.words[word] ?? [word]),
  );
  for (const mask of language.masks) words = words.replace(mask.pattern, ` ${MASK}`);
  return asText(
    words
      .trim()
      .split(' ')
      .map((word) => (word === MASK ? word : correctTypo(word, language.vocabulary, language.stems))),
  );
}

function matchLanguage(
  text: string,
  language: CompiledLanguage,
): { category: CrisisCategory; phrase: string }[] {
  const prepared = prepare(text, language);
  const found: { category: CrisisCategory; phrase: string }[] = [];
  for (const { category, phrase } of language.crisis) {
    if (phrase.pattern.test(prepared)) found.push({ category, phrase: phrase.source });
  }
  return found;
}

/** Why a message was screened as it was: each language's matching phrases (for tests and reviewers). */
export function explainScreening(
  text: string,
): { language: CrisisLanguage; category: CrisisCategory; phrase: string }[] {
  return languages().flatMap((language) =>
    matchLanguage(text, language).map((match) => ({ language: language.patterns.language, ...match })),
  );
}

/** Which of the four languages a message is most likely in, by its commonest words; English when unsure. */
export function guessLanguage(text: string): CrisisLanguage {
  let best: CrisisLanguage = 'en';
  let bestCount = 0;
  for (const language of languages()) {
    const count = normaliseWords(text, language.options).filter((word) =>
      language.commonWords.has(word),
    ).length;
    if (count > bestCount) {
      best = language.patterns.language;
      bestCount = count;
    }
  }
  return best;
}

export function screenMessage(text: string): Screening {
  const matches = explainScreening(text);
  if (matches.length === 0) return { crisis: false };
  const guessed = guessLanguage(text);
  const language = matches.some((match) => match.language === guessed)
    ? guessed
    : (matches[0] as (typeof matches)[number]).language;
  const categories = CRISIS_CATEGORIES.filter((category) =>
    matches.some((match) => match.category === category),
  );
  return { crisis: true, categories: categories as [CrisisCategory, ...CrisisCategory[]], language };
}
