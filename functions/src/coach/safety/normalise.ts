/**
 * Turns a message (or a pattern's word) into the words the patterns are matched against: lower case, no
 * accents, letters swapped for look-alike digits put back ("k1ll"), repeated letters folded ("sooo" is "so",
 * "kill" is "kil", on both sides alike), and punctuation that ends a clause kept as the word ".".
 */

export interface NormaliseOptions {
  apostrophes: 'join' | 'split';
  foldDigraphs?: boolean;
}

/** The word that stands for the end of a sentence or clause. */
export const BOUNDARY = '.';

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** Digits and signs used for letters, inside a word that starts with a letter: "k1ll", "su1c1de", "d13". */
function unLeet(chunk: string): string {
  if (!/^\p{L}/u.test(chunk) || !/[013457@$]|!(?=\p{L})/u.test(chunk)) return chunk;
  return chunk.replace(/[013457@$]|!(?=\p{L})/gu, (sign) => LEET[sign] ?? sign);
}

export function normaliseWords(text: string, options: NormaliseOptions): string[] {
  let value = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/ß/g, 'ss');
  value = value.normalize('NFD').replace(/\p{M}/gu, '');
  if (options.foldDigraphs) value = value.replace(/([aou])e/g, '$1');
  value = value.split(/\s+/).map(unLeet).join(' ');
  value = value.replace(/'/g, options.apostrophes === 'join' ? '' : ' ');
  // What ends a clause stays as a word of its own; any other sign separates words.
  value = value.replace(/[.!?;:,\n\r…–—]+/g, ` ${BOUNDARY} `);
  value = value.replace(/[^a-z0-9. ]+/g, ' ');
  value = value.replace(/([a-z])\1+/g, '$1');
  const words: string[] = [];
  for (const word of value.split(' ')) {
    if (word === '' || (word === BOUNDARY && (words.length === 0 || words.at(-1) === BOUNDARY))) continue;
    words.push(word);
  }
  while (words.at(-1) === BOUNDARY) words.pop();
  return words;
}

/**
 * Whether b is one slip of the finger from a: one letter replaced, added or dropped, or two neighbours swapped
 * (Damerau-Levenshtein distance 1, optimal string alignment). Linear and allocation-free: it runs for every
 * unknown word against every word of the patterns.
 */
export function isOneSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let index = 0;
  while (index < a.length && a[index] === b[index]) index++;
  if (a.length === b.length) {
    if (a.slice(index + 1) === b.slice(index + 1)) return true;
    return (
      a[index] === b[index + 1] && a[index + 1] === b[index] && a.slice(index + 2) === b.slice(index + 2)
    );
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(index + 1) === shorter.slice(index);
}

/** Typos keep the first letter, or swap the first two. */
const sameStart = (typed: string, word: string) =>
  typed[0] === word[0] || (typed[0] === word[1] && typed[1] === word[0]);

/** Words this short are left as typed: one letter off, they are too often another real word. */
export const MIN_CORRECTED_LENGTH = 5;

/**
 * The vocabulary's words long enough to correct towards, by first letter and by first two letters: a typo keeps
 * the first letter or swaps the first two, so only those few words are compared. Built once for each vocabulary
 * (the screen's are complete before their first use).
 */
const starts = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();
function startsOf(vocabulary: ReadonlySet<string>): Map<string, string[]> {
  let index = starts.get(vocabulary);
  if (index) return index;
  index = new Map();
  for (const word of vocabulary) {
    if (word.length < MIN_CORRECTED_LENGTH) continue;
    for (const key of [word.slice(0, 1), word.slice(0, 2)]) index.set(key, [...(index.get(key) ?? []), word]);
  }
  starts.set(vocabulary, index);
  return index;
}

/**
 * Puts a mistyped word right when exactly one word the patterns use (or one stem, for a word's beginning) is
 * one slip away: "sucide" → "suicide", "myslef" → "myself", "umbrigen" → "umbringen".
 */
export function correctTypo(
  typed: string,
  vocabulary: ReadonlySet<string>,
  stems: readonly string[],
): string {
  if (typed.length < MIN_CORRECTED_LENGTH || vocabulary.has(typed) || /\d/.test(typed)) return typed;
  if (stems.some((stem) => typed.startsWith(stem))) return typed;
  const words = new Set<string>();
  const index = startsOf(vocabulary);
  for (const word of [
    ...(index.get(typed[0] as string) ?? []),
    ...(index.get(`${typed[1]}${typed[0]}`) ?? []),
  ]) {
    if (Math.abs(word.length - typed.length) <= 1 && sameStart(typed, word) && isOneSlip(typed, word)) {
      words.add(word);
    }
  }
  if (words.size === 1) return [...words][0] as string;
  if (words.size > 1) return typed;
  for (const stem of stems) {
    if (stem.length < MIN_CORRECTED_LENGTH) continue;
    for (const length of [stem.length, stem.length - 1, stem.length + 1]) {
      if (length > typed.length) continue;
      const start = typed.slice(0, length);
      if (sameStart(start, stem) && isOneSlip(start, stem)) return stem + typed.slice(length);
    }
  }
  return typed;
}
