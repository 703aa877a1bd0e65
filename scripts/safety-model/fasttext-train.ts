import { createHash } from 'node:crypto';
import {
  type FastTextRuntime,
  instantiateFastText,
} from '../../functions/src/coach/safety/classifier/fasttext.ts';
import { prepareForClassifier } from '../../functions/src/coach/safety/classifier/prepare.ts';
import type { CorpusMessage } from './corpus.ts';
import { shuffledOrder } from './split.ts';

/**
 * fastText's training options, chosen by 5-fold cross-validation on the training part (tune.ts,
 * docs/decisions/0005-crisis-classifier.md): character 3- to 6-grams and 10 epochs. Thirty epochs (the first
 * model's) learned the training part by heart and scored its own errors at 0.9999 and more. One thread and a fixed seed: fastText then reads the lines in file order with one
 * random stream, so the same data, options and wasm give the same model, byte for byte, on any machine. The
 * size is bounded by (words + buckets) × dim × 4 bytes: 16 dimensions and 50,000 buckets for the character
 * n-grams and word pairs keep the model near 4 MB, under the 5 MB budget.
 */
export const FASTTEXT_OPTIONS = {
  loss: 'softmax',
  dim: 16,
  bucket: 50_000,
  minn: 3,
  maxn: 6,
  wordNgrams: 2,
  epoch: 10,
  lr: 0.5,
  minCount: 1,
  thread: 1,
  seed: 1,
} as const;

export type FastTextOptions = {
  [key in keyof typeof FASTTEXT_OPTIONS]: (typeof FASTTEXT_OPTIONS)[key] extends string ? string : number;
};

/**
 * fastText's training file: `__label__<label> <prepared text>` a line, in the order of a salted hash (fastText
 * does not shuffle, and a file sorted by label would teach the last label best).
 */
export function trainingFile(messages: readonly CorpusMessage[]): string {
  return messages
    .map((message) => ({ message, order: shuffledOrder('training', message.text) }))
    .sort((a, b) => a.order.localeCompare(b.order))
    .map(({ message }) => `__label__${message.label} ${prepareForClassifier(message.text)}\n`)
    .join('');
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Trains a supervised model on the messages with fastText's wasm and returns its file's bytes. Each training
 * gets a fresh wasm instance: a second training in the same instance fails inside fastText.
 */
export async function trainModel(
  runtime: FastTextRuntime,
  messages: readonly CorpusMessage[],
  options: FastTextOptions = FASTTEXT_OPTIONS,
): Promise<{ model: Uint8Array; trainingData: string }> {
  const fastText = await instantiateFastText(runtime);
  const trainingData = trainingFile(messages);
  fastText.FS.writeFile('/train.txt', trainingData);
  const args = new fastText.Args();
  const model = new fastText.FastText();
  try {
    args.input = '/train.txt';
    args.output = '/model';
    args.model = fastText.ModelName.supervised;
    args.loss = fastText.LossName[options.loss as keyof typeof fastText.LossName];
    args.verbose = 0;
    for (const [key, value] of Object.entries(options)) {
      if (key !== 'loss') (args as unknown as Record<string, number>)[key] = value as number;
    }
    model.train(args, () => {});
    model.saveModel('/model.bin');
    const bytes = fastText.FS.readFile('/model.bin');
    fastText.FS.unlink('/model.bin');
    fastText.FS.unlink('/train.txt');
    return { model: new Uint8Array(bytes), trainingData };
  } finally {
    args.delete();
    model.delete();
  }
}
