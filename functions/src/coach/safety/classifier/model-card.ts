import type { ClassifierLabel } from './labels';

/**
 * What `npm run build:safety-model` writes beside the model (assets/crisis-classifier.json): enough to tell
 * which data and settings made it, to rebuild it byte for byte, and the decision threshold chosen by
 * cross-validation on the training part only.
 */
export interface ModelCard {
  /** A message is a crisis when 1 − P(none) is at least this. */
  threshold: number;
  labels: readonly ClassifierLabel[];
  /** fastText's training options (single thread, fixed seed). */
  fastText: Readonly<Record<string, number | string>>;
  /** sha256 of the training file fastText read, of the model, and of the wasm and glue that built it. */
  sha256: { trainingData: string; model: string; wasm: string; glue: string };
  /** Messages in the training part, by language and label. */
  trainingMessages: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** How the threshold was chosen, and what cross-validation measured there. */
  thresholdChoice: {
    rule: string;
    folds: number;
    crossValidated: {
      recall: number;
      worstRecall: number;
      falsePositiveRate: number;
      addedFalsePositiveRate: number;
    };
  };
}
