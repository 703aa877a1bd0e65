/**
 * Builds the crisis classifier (`npm run build:safety-model`): reads the corpus, leaves out the frozen held-out
 * split, chooses the decision threshold by 5-fold cross-validation on the training part, trains the model on
 * the whole training part, and writes functions/src/coach/safety/classifier/assets/ (model, card, fastText's
 * wasm and glue).
 *
 * `-- --check` builds the same in memory and fails if any file differs from the committed one: the model is
 * rebuilt byte for byte from the repository.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLASSIFIER_FILES, classifierFile } from '../../functions/src/coach/safety/classifier/assets.ts';
import { loadCrisisClassifier } from '../../functions/src/coach/safety/classifier/classifier.ts';
import type { FastTextRuntime } from '../../functions/src/coach/safety/classifier/fasttext.ts';
import { CLASSIFIER_LABELS } from '../../functions/src/coach/safety/classifier/labels.ts';
import type { ModelCard } from '../../functions/src/coach/safety/classifier/model-card.ts';
import { screenMessage } from '../../functions/src/coach/safety/screen.ts';
import { HELD_OUT_ORDINARY } from '../../functions/test/safety/held-out-set.ts';
import { ORDINARY_MESSAGES } from '../../functions/test/safety/safety-set.ts';
import { type CorpusMessage, countByStratum, readCorpus } from './corpus.ts';
import { FASTTEXT_OPTIONS, type FastTextOptions, sha256, trainModel } from './fasttext-train.ts';
import { HELD_OUT_MANIFEST, readSplit, shuffledOrder } from './split.ts';
import { chooseThreshold, type ScoredMessage, THRESHOLD_RULE } from './threshold.ts';

export const FOLDS = 5;

/** The pinned package's fastText (glue and wasm): it trains the model, and a copy of it in assets/ runs it. */
export function packagedRuntime(): FastTextRuntime {
  const require = createRequire(import.meta.url);
  return {
    glue: pathToFileURL(require.resolve('fasttext.wasm.js/dist/core/fastText.node.js')),
    wasm: fs.readFileSync(require.resolve('fasttext.wasm.js/dist/core/fastText.node.wasm')),
  };
}

/** Stratified folds: in each language × label, messages in salted-hash order dealt round the folds. */
export function foldsOf(messages: readonly CorpusMessage[], folds = FOLDS): CorpusMessage[][] {
  const dealt: CorpusMessage[][] = Array.from({ length: folds }, () => []);
  const strata = new Map<string, CorpusMessage[]>();
  for (const message of messages) {
    const key = `${message.language}/${message.label}`;
    strata.set(key, [...(strata.get(key) ?? []), message]);
  }
  for (const stratum of strata.values()) {
    const ordered = [...stratum].sort((a, b) =>
      shuffledOrder('fold', a.text).localeCompare(shuffledOrder('fold', b.text)),
    );
    for (const [index, message] of ordered.entries()) dealt[index % folds]?.push(message);
  }
  return dealt;
}

/** Whether a message is in the first `share` of a stable salted-hash order: the same subset on every run. */
const inShare = (share: number) => (message: CorpusMessage) =>
  share >= 1 || Number.parseInt(shuffledOrder('share', message.text).slice(0, 8), 16) / 2 ** 32 < share;

/**
 * Every training message scored by the model of the fold that did not see it. `trainingShare` below 1 trains each
 * fold's model on that share of the other folds only (learning-curve.ts), scoring the same messages.
 */
export async function crossValidatedScores(
  train: readonly CorpusMessage[],
  runtime: FastTextRuntime,
  options: FastTextOptions = FASTTEXT_OPTIONS,
  trainingShare = 1,
): Promise<ScoredMessage[]> {
  const folds = foldsOf(train);
  const scored: ScoredMessage[] = [];
  for (const [index, fold] of folds.entries()) {
    const rest = folds
      .filter((_, other) => other !== index)
      .flat()
      .filter(inShare(trainingShare));
    const { model } = await trainModel(runtime, rest, options);
    const classifier = await loadCrisisClassifier({ model, runtime, card: placeholderCard });
    for (const message of fold) {
      scored.push({
        language: message.language,
        label: message.label,
        patterns: screenMessage(message.text).crisis,
        crisisScore: classifier.classify(message.text, 1).crisisScore,
      });
    }
  }
  return scored;
}

const placeholderCard = { threshold: 0.5 } as ModelCard;

export interface BuiltModel {
  files: Record<keyof typeof CLASSIFIER_FILES, Uint8Array>;
  card: ModelCard;
}

export async function buildModel(
  log: (line: string) => void = () => {},
  manifest = HELD_OUT_MANIFEST,
): Promise<BuiltModel> {
  const { train } = readSplit(readCorpus(), manifest);
  const runtime = packagedRuntime();
  log(`Training part: ${train.length} messages. Cross-validating (${FOLDS} folds)...`);
  const scored = await crossValidatedScores(train, runtime);
  const { model, trainingData } = await trainModel(runtime, train);
  const glue = fs.readFileSync(runtime.glue);
  const final = await loadCrisisClassifier({ model, runtime, card: placeholderCard });
  // The judges' ordinary messages must stay ordinary: the highest score the final model gives any of them.
  const highestOrdinary = Math.max(
    ...[...ORDINARY_MESSAGES, ...HELD_OUT_ORDINARY].map((each) => final.classify(each.text, 1).crisisScore),
  );
  const { threshold, rates } = chooseThreshold(scored, (candidate) => candidate > highestOrdinary);
  log(
    `Threshold ${threshold}: cross-validated recall ${percent(rates.recall)} (worst ${percent(rates.worstRecall)}), false positives ${percent(rates.falsePositiveRate)} (${percent(rates.addedFalsePositiveRate)} added by the classifier)`,
  );
  const card: ModelCard = {
    threshold,
    labels: CLASSIFIER_LABELS,
    fastText: { ...FASTTEXT_OPTIONS },
    sha256: {
      trainingData: sha256(trainingData),
      model: sha256(model),
      wasm: sha256(runtime.wasm),
      glue: sha256(glue),
    },
    trainingMessages: countByStratum(train),
    thresholdChoice: {
      rule: THRESHOLD_RULE,
      folds: FOLDS,
      crossValidated: {
        recall: round(rates.recall),
        worstRecall: round(rates.worstRecall),
        falsePositiveRate: round(rates.falsePositiveRate),
        addedFalsePositiveRate: round(rates.addedFalsePositiveRate),
      },
    },
  };
  return {
    files: {
      model,
      wasm: runtime.wasm,
      glue,
      card: new TextEncoder().encode(`${JSON.stringify(card, null, 2)}\n`),
    },
    card,
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const built = await buildModel(console.log);
  const names = Object.keys(CLASSIFIER_FILES) as (keyof typeof CLASSIFIER_FILES)[];
  if (check) {
    const differing = names.filter((name) => {
      const file = classifierFile(name);
      return !fs.existsSync(file) || !Buffer.from(built.files[name]).equals(fs.readFileSync(file));
    });
    if (differing.length > 0) {
      console.error(
        `Rebuilt, these differ from the committed files: ${differing.map((name) => CLASSIFIER_FILES[name]).join(', ')}`,
      );
      process.exitCode = 1;
    } else
      console.log('Rebuilt byte for byte: model, card, wasm and glue are identical to the committed files.');
  } else {
    for (const name of names) fs.writeFileSync(classifierFile(name), built.files[name]);
    console.log(
      `Wrote ${names.map((name) => CLASSIFIER_FILES[name]).join(', ')} (model ${(built.files.model.length / 1e6).toFixed(2)} MB).`,
    );
  }
}
