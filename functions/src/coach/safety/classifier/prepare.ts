/**
 * A message as the crisis classifier reads it, in training (scripts/safety-model) and in the coach alike: lower
 * case, no accents (people in a hurry leave them out), apostrophes dropped ("don't" and "dont", "j'ai" and
 * "jai" are one word), emoji kept as words of their own, every other sign a space, and a letter typed twice or
 * more kept once ("dieeee" is "die", "kill" and "kil", "muss" and "mus" are one word: cross-validation on the
 * training part preferred it to keeping doubles). fastText splits words at spaces and reads each word's
 * character n-grams, so misspellings and SMS spelling still share most of their pieces.
 */
export function prepareForClassifier(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’‘`´ʼ]/g, '')
    .replace(/\p{Extended_Pictographic}/gu, ' $& ')
    .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, ' ')
    .replace(/(\p{L})\1+/gu, '$1')
    .trim();
}
