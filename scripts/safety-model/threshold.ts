import type { ClassifierLabel } from '../../functions/src/coach/safety/classifier/labels.ts';
import type { CrisisLanguage } from '../../shared/src/coach/crisis-support.ts';

/**
 * Choosing the classifier's decision threshold from cross-validated scores of the training part (never the
 * held-out split). The screen answers a crisis when the patterns or the classifier say so, so what the
 * threshold decides is what the classifier adds to the patterns: recall, and false positives.
 */

export interface ScoredMessage {
  language: CrisisLanguage;
  label: ClassifierLabel;
  /** The patterns called it a crisis. */
  patterns: boolean;
  /** 1 − P(none), from a model that did not train on it. */
  crisisScore: number;
}

/**
 * False positives the classifier may add to the patterns' own, as a share of ordinary messages: the 1%.
 * (The patterns' own false positives on the corpus's hard negatives are theirs; docs/safety.md "Figures".)
 */
export const ADDED_FALSE_POSITIVE_BUDGET = 0.01;

/** 0.50 to 0.99 by hundredths, then finer towards 1, where fastText's confident scores crowd. */
const CANDIDATES = [
  ...Array.from({ length: 50 }, (_, index) => (50 + index) / 100),
  ...Array.from({ length: 9 }, (_, index) => (991 + index) / 1000),
  ...Array.from({ length: 9 }, (_, index) => (9991 + index) / 10_000),
];

export interface Rates {
  /** Crises caught by the patterns or the classifier, of all crises. */
  recall: number;
  /** The lowest such recall over language × crisis label. */
  worstRecall: number;
  /** Ordinary messages flagged by either layer. */
  falsePositiveRate: number;
  /** Ordinary messages flagged by the classifier and not by the patterns. */
  addedFalsePositiveRate: number;
}

export function ratesAt(messages: readonly ScoredMessage[], threshold: number): Rates {
  const strata = new Map<string, { caught: number; total: number }>();
  let caught = 0;
  let crises = 0;
  let falsePositives = 0;
  let added = 0;
  let ordinary = 0;
  for (const message of messages) {
    const byClassifier = message.crisisScore >= threshold;
    const crisis = message.patterns || byClassifier;
    if (message.label === 'none') {
      ordinary++;
      if (crisis) falsePositives++;
      if (byClassifier && !message.patterns) added++;
      continue;
    }
    crises++;
    if (crisis) caught++;
    const key = `${message.language}/${message.label}`;
    const stratum = strata.get(key) ?? { caught: 0, total: 0 };
    stratum.total++;
    if (crisis) stratum.caught++;
    strata.set(key, stratum);
  }
  return {
    recall: caught / crises,
    worstRecall: Math.min(...[...strata.values()].map((each) => each.caught / each.total)),
    falsePositiveRate: falsePositives / ordinary,
    addedFalsePositiveRate: added / ordinary,
  };
}

export const THRESHOLD_RULE = `the lowest threshold (0.50 to 0.9999) at which the classifier, cross-validated on the training part, adds at most ${ADDED_FALSE_POSITIVE_BUDGET * 100}% of false positives to those of the patterns, and at which the final model flags none of the ordinary messages of the judges' sets (functions/test/safety), which must stay as they were`;

/**
 * The threshold by THRESHOLD_RULE and its cross-validated rates. `allowed` is the second condition (the final
 * model on the judges' ordinary messages); with no threshold meeting both, the highest candidate.
 */
export function chooseThreshold(
  messages: readonly ScoredMessage[],
  allowed: (threshold: number) => boolean = () => true,
): { threshold: number; rates: Rates } {
  const measured = CANDIDATES.map((threshold) => ({ threshold, rates: ratesAt(messages, threshold) }));
  const chosen =
    measured.find(
      (each) => each.rates.addedFalsePositiveRate <= ADDED_FALSE_POSITIVE_BUDGET && allowed(each.threshold),
    ) ?? (measured.at(-1) as (typeof measured)[number]);
  return chosen;
}
