import type { ClassifierLabel } from '../../functions/src/coach/safety/classifier/labels.ts';
import type { CrisisLanguage } from '../../shared/src/coach/crisis-support.ts';

/**
 * Choosing the classifier's decision threshold from cross-validated scores of the training part (never the
 * held-out split). The screen answers a crisis when the patterns or the classifier say so, so the threshold is
 * chosen for the two together.
 */

export interface ScoredMessage {
  language: CrisisLanguage;
  label: ClassifierLabel;
  /** The patterns called it a crisis. */
  patterns: boolean;
  /** 1 − P(none), from a model that did not train on it. */
  crisisScore: number;
}

/** Recall aimed at in every language × crisis label, with a margin over the 98% target. */
export const RECALL_FLOOR = 0.99;
const CANDIDATES = Array.from({ length: 99 }, (_, index) => (index + 1) / 100);

export interface Rates {
  /** The lowest recall over language × crisis label. */
  worstRecall: number;
  recall: number;
  falsePositiveRate: number;
}

export function ratesAt(messages: readonly ScoredMessage[], threshold: number): Rates {
  const strata = new Map<string, { caught: number; total: number }>();
  let caught = 0;
  let crises = 0;
  let falsePositives = 0;
  let ordinary = 0;
  for (const message of messages) {
    const crisis = message.patterns || message.crisisScore >= threshold;
    if (message.label === 'none') {
      ordinary++;
      if (crisis) falsePositives++;
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
  const worstRecall = Math.min(...[...strata.values()].map((each) => each.caught / each.total));
  return {
    worstRecall,
    recall: caught / crises,
    falsePositiveRate: ordinary === 0 ? 0 : falsePositives / ordinary,
  };
}

/** False-positive rate allowed, the target of 1% with a margin. */
export const FALSE_POSITIVE_CEILING = 0.0075;

export const THRESHOLD_RULE = `of the thresholds 0.01 to 0.99, scored by cross-validation on the training part with the patterns and the classifier together: the highest whose recall is at least ${RECALL_FLOOR * 100}% in every language and crisis label and whose false-positive rate is at most ${FALSE_POSITIVE_CEILING * 100}%; if none is both, the one with the best worst recall among those within the false-positive ceiling (the lowest of equals); if none is within the ceiling, the one with the fewest false positives`;

/** The threshold by THRESHOLD_RULE, and its cross-validated rates. */
export function chooseThreshold(messages: readonly ScoredMessage[]): { threshold: number; rates: Rates } {
  const measured = CANDIDATES.map((threshold) => ({ threshold, rates: ratesAt(messages, threshold) }));
  const withinCeiling = measured.filter((each) => each.rates.falsePositiveRate <= FALSE_POSITIVE_CEILING);
  const both = withinCeiling.filter((each) => each.rates.worstRecall >= RECALL_FLOOR);
  if (both.length > 0) return both.at(-1) as (typeof both)[number];
  if (withinCeiling.length > 0) {
    return withinCeiling.reduce((best, each) =>
      each.rates.worstRecall > best.rates.worstRecall ? each : best,
    );
  }
  return measured.reduce((best, each) =>
    each.rates.falsePositiveRate < best.rates.falsePositiveRate ? each : best,
  );
}
