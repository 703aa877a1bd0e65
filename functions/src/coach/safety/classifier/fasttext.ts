/**
 * The part of fastText's WebAssembly build (the npm package fasttext.wasm.js, an Emscripten build of
 * facebookresearch/fastText's own webassembly binding) that Bloom uses: train a supervised model
 * (scripts/safety-model/train.ts) and predict with it (classifier.ts). Embind objects live on the wasm heap:
 * whatever a call returns is read and then `delete`d.
 */

interface EmbindObject {
  delete(): void;
}

/** `std::vector<std::pair<float, std::string>>`: probability and `__label__name`, the likeliest first. */
export interface FastTextPredictions extends EmbindObject {
  size(): number;
  get(index: number): [number, string];
}

export interface FastTextModel extends EmbindObject {
  loadModel(path: string): void;
  saveModel(path: string): void;
  predict(text: string, k: number, threshold: number): FastTextPredictions;
  train(args: FastTextArgs, progress: (progress: number, loss: number) => void): void;
}

/** fastText's `Args` (its command-line options), as the binding exposes them. */
export interface FastTextArgs extends EmbindObject {
  input: string;
  output: string;
  model: unknown;
  loss: unknown;
  lr: number;
  lrUpdateRate: number;
  dim: number;
  ws: number;
  epoch: number;
  minCount: number;
  minCountLabel: number;
  neg: number;
  wordNgrams: number;
  bucket: number;
  minn: number;
  maxn: number;
  t: number;
  thread: number;
  seed: number;
  verbose: number;
}

export interface FastTextModule {
  FS: {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
  };
  FastText: new () => FastTextModel;
  Args: new () => FastTextArgs;
  ModelName: { supervised: unknown };
  LossName: { softmax: unknown; ova: unknown };
}

type FastTextFactory = (options: {
  wasmBinary: Uint8Array;
  print: (text: string) => void;
  printErr: (text: string) => void;
}) => Promise<FastTextModule>;

/** fastText's glue module (an ES module URL) and the wasm it runs. */
export interface FastTextRuntime {
  glue: URL;
  wasm: Uint8Array;
}

/**
 * A fresh fastText module. The glue is imported by its URL when called, so no bundle carries it and a cold start
 * that never classifies pays nothing for it; its wasm is handed over as bytes, never looked up beside the glue.
 * fastText's own console lines are dropped.
 */
export async function instantiateFastText(runtime: FastTextRuntime): Promise<FastTextModule> {
  const glue = (await import(runtime.glue.href)) as { default: FastTextFactory };
  const silent = () => {};
  return glue.default({ wasmBinary: runtime.wasm, print: silent, printErr: silent });
}

/** Every label's probability for one line of text, as `{ label: probability }`. */
export function predictAll(model: FastTextModel, text: string, labels: number): Map<string, number> {
  const predictions = model.predict(text, labels, 0);
  try {
    const scores = new Map<string, number>();
    for (let index = 0; index < predictions.size(); index++) {
      const [probability, label] = predictions.get(index);
      scores.set(label.replace(/^__label__/, ''), probability);
    }
    return scores;
  } finally {
    predictions.delete();
  }
}
