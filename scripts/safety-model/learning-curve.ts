/**
 * Does more data help the classifier? (`npx tsx scripts/safety-model/learning-curve.ts`): the same 5-fold
 * cross-validation on the training part that chooses the threshold, with each fold's model trained on a growing
 * share of the other folds, every share scored on the same messages at the threshold rule's first condition (the
 * classifier adding at most 1% of false positives to the patterns'). Never the held-out split. A curve that has
 * flattened says the model, not the amount of data, limits recall (docs/safety.md "Figures").
 */
import { readCorpus } from './corpus.ts';
import { readSplit } from './split.ts';
import { chooseThreshold } from './threshold.ts';
import { crossValidatedScores, packagedRuntime } from './train.ts';

const SHARES = [0.125, 0.25, 0.5, 0.75, 1];
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const { train } = readSplit(readCorpus());
const runtime = packagedRuntime();
for (const share of SHARES) {
  const scored = await crossValidatedScores(train, runtime, undefined, share);
  const { threshold, rates } = chooseThreshold(scored);
  console.log(
    `${percent(share).padStart(6)} of the training part (about ${Math.round(train.length * 0.8 * share)} messages a fold): threshold ${threshold}, recall ${percent(rates.recall)} (worst ${percent(rates.worstRecall)}), false positives ${percent(rates.falsePositiveRate)} (${percent(rates.addedFalsePositiveRate)} added)`,
  );
}
