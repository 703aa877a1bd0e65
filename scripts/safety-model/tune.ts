/**
 * How fastText's options were compared (`npx tsx scripts/safety-model/tune.ts [name...]`): each candidate is
 * scored by the same 5-fold cross-validation on the training part that chooses the threshold, never on the
 * held-out split, and printed at the threshold THRESHOLD_RULE's first condition would choose (the classifier
 * adding at most 1% of false positives to the patterns'). The chosen options are FASTTEXT_OPTIONS in
 * fasttext-train.ts; docs/decisions/0005-crisis-classifier.md records the run.
 */
import { readCorpus } from './corpus.ts';
import { FASTTEXT_OPTIONS, type FastTextOptions } from './fasttext-train.ts';
import { readSplit } from './split.ts';
import { chooseThreshold } from './threshold.ts';
import { crossValidatedScores, packagedRuntime } from './train.ts';

export const CANDIDATES: Record<string, Partial<FastTextOptions>> = {
  'dim 16, 50k buckets, 30 epochs, lr 0.5 (chosen)': {},
  'word pairs off': { wordNgrams: 1 },
  'character 3- to 5-grams': { minn: 3, maxn: 5 },
  'dim 10, 100k buckets': { dim: 10, bucket: 100_000 },
  'dim 32, 25k buckets': { dim: 32, bucket: 25_000 },
  '50 epochs, lr 1': { epoch: 50, lr: 1 },
  '100 epochs, lr 0.2': { epoch: 100, lr: 0.2 },
  '10 epochs, lr 0.3': { epoch: 10, lr: 0.3 },
  '5 epochs, lr 0.5': { epoch: 5, lr: 0.5 },
};

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const { train } = readSplit(readCorpus());
const runtime = packagedRuntime();
const only = process.argv.slice(2);
for (const [name, change] of Object.entries(CANDIDATES)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const options = { ...FASTTEXT_OPTIONS, ...change } as FastTextOptions;
  const { threshold, rates } = chooseThreshold(await crossValidatedScores(train, runtime, options));
  console.log(
    `${name}: threshold ${threshold}, recall ${percent(rates.recall)} (worst ${percent(rates.worstRecall)}), false positives ${percent(rates.falsePositiveRate)} (${percent(rates.addedFalsePositiveRate)} added)`,
  );
}
