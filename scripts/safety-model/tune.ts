/**
 * How fastText's options were compared (`npx tsx scripts/safety-model/tune.ts [name...]`): each candidate is
 * scored by the same 5-fold cross-validation on the training part that chooses the threshold, never on the
 * held-out split, and printed at the threshold THRESHOLD_RULE's first condition would choose (the classifier
 * adding at most 1% of false positives to the patterns'). The chosen options are FASTTEXT_OPTIONS in
 * fasttext-train.ts; docs/decisions/0005-crisis-classifier.md records the run. Normalisations (how
 * prepareForClassifier reads doubled letters and shorthand) were compared the same way, by editing prepare.ts.
 */
import { readCorpus } from './corpus.ts';
import { FASTTEXT_OPTIONS, type FastTextOptions } from './fasttext-train.ts';
import { readSplit } from './split.ts';
import { chooseThreshold } from './threshold.ts';
import { crossValidatedScores, packagedRuntime } from './train.ts';

export const CANDIDATES: Record<string, Partial<FastTextOptions>> = {
  'character 3- to 6-grams, 10 epochs (chosen)': {},
  'character 2- to 5-grams, 30 epochs (the first model)': { minn: 2, maxn: 5, epoch: 30 },
  'character 2- to 5-grams, 10 epochs': { minn: 2, maxn: 5 },
  'character 2- to 6-grams, 30 epochs': { minn: 2, maxn: 6, epoch: 30 },
  '30 epochs': { epoch: 30 },
  '20 epochs': { epoch: 20 },
  'loss ova (one-vs-all), 2- to 5-grams, 30 epochs': { loss: 'ova', minn: 2, maxn: 5, epoch: 30 },
  'loss ova, 2- to 5-grams': { loss: 'ova', minn: 2, maxn: 5 },
  'word triples, 2- to 5-grams': { wordNgrams: 3, minn: 2, maxn: 5 },
  'dim 24, 30k buckets, 2- to 5-grams': { dim: 24, bucket: 30_000, minn: 2, maxn: 5 },
  'dim 10, 100k buckets, 2- to 5-grams': { dim: 10, bucket: 100_000, minn: 2, maxn: 5 },
  'lr 0.2, 2- to 5-grams': { lr: 0.2, minn: 2, maxn: 5 },
  '5 epochs, 2- to 5-grams': { epoch: 5, minn: 2, maxn: 5 },
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
