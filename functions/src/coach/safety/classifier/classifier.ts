import { readFileSync } from 'node:fs';
import { classifierFile } from './assets';
import { type FastTextModel, type FastTextRuntime, instantiateFastText, predictAll } from './fasttext';
import { CLASSIFIER_LABELS, type ClassifierLabel, CRISIS_LABELS, type CrisisLabel } from './labels';
import type { ModelCard } from './model-card';
import { prepareForClassifier } from './prepare';

/**
 * The trained crisis classifier, the screen's second layer (docs/safety.md): a supervised fastText model over
 * words, word pairs and character n-grams, in English, German, French and Spanish, built by
 * `npm run build:safety-model` from scripts/safety-model/corpus. It runs in the process, with no network.
 */

export type ClassifierVerdict =
  | { crisis: false; crisisScore: number }
  | { crisis: true; crisisScore: number; label: CrisisLabel };

export class CrisisClassifier {
  constructor(
    private readonly model: FastTextModel,
    readonly card: ModelCard,
  ) {}

  /** Every label's probability (they add up to 1). */
  scores(text: string): Record<ClassifierLabel, number> {
    const prepared = prepareForClassifier(text);
    // A message with no words (only signs) is none: fastText would read its end-of-line mark alone.
    const predicted =
      prepared === '' ? new Map() : predictAll(this.model, prepared, CLASSIFIER_LABELS.length);
    const scores = {} as Record<ClassifierLabel, number>;
    for (const label of CLASSIFIER_LABELS) scores[label] = predicted.get(label) ?? (label === 'none' ? 1 : 0);
    return scores;
  }

  /**
   * A crisis when 1 − P(none) reaches the card's threshold; the label is then the likeliest crisis label,
   * which decides the lines the reply leads with.
   */
  classify(text: string, threshold = this.card.threshold): ClassifierVerdict {
    const scores = this.scores(text);
    // fastText's probabilities can add up to a hair over 1.
    const crisisScore = Math.max(0, 1 - scores.none);
    if (crisisScore < threshold) return { crisis: false, crisisScore };
    const label = CRISIS_LABELS.reduce((best, each) => (scores[each] > scores[best] ? each : best));
    return { crisis: true, crisisScore, label };
  }
}

/** A classifier on the given model, card and fastText runtime (the training script loads others). */
export async function loadCrisisClassifier(files: {
  model: Uint8Array;
  card: ModelCard;
  runtime: FastTextRuntime;
}): Promise<CrisisClassifier> {
  const fastText = await instantiateFastText(files.runtime);
  const path = '/crisis-classifier.bin';
  fastText.FS.writeFile(path, files.model);
  const model = new fastText.FastText();
  model.loadModel(path);
  fastText.FS.unlink(path);
  return new CrisisClassifier(model, files.card);
}

let shipped: Promise<CrisisClassifier> | undefined;

/**
 * The shipped classifier (classifier/assets), loaded on first use and kept for the life of the process: a cold
 * start that screens no message pays nothing. A load that failed is tried again on the next message.
 */
export function crisisClassifier(): Promise<CrisisClassifier> {
  shipped ??= loadShipped().catch((error: unknown) => {
    shipped = undefined;
    throw error;
  });
  return shipped;
}

async function loadShipped(): Promise<CrisisClassifier> {
  return loadCrisisClassifier({
    model: readFileSync(classifierFile('model')),
    card: JSON.parse(readFileSync(classifierFile('card'), 'utf8')) as ModelCard,
    runtime: shippedRuntime(),
  });
}

/** The fastText runtime shipped in assets/, beside the model it built. */
export function shippedRuntime(): FastTextRuntime {
  return { glue: classifierFile('glue'), wasm: readFileSync(classifierFile('wasm')) };
}
