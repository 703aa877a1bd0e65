/**
 * Where the classifier's files are: `assets/` beside this module in the repository, and `assets/` beside the
 * bundle in Lambda, where infra/lib/bundling.ts copies this folder (the bundle's `import.meta.url` is its
 * index.mjs). One path, read the same way in the local cloud, the tests and the deployed function.
 */
export const CLASSIFIER_ASSETS_DIR = new URL('./assets/', import.meta.url);

/** The files of `assets/`, all written by `npm run build:safety-model`. */
export const CLASSIFIER_FILES = {
  /** The fastText model. */
  model: 'crisis-classifier.bin',
  /** What it was trained on and with, its threshold and the hashes of the model and wasm (model-card.ts). */
  card: 'crisis-classifier.json',
  /** fastText's WebAssembly build that trained it, copied from the pinned fasttext.wasm.js. */
  wasm: 'fasttext.wasm',
  /**
   * The package's JavaScript glue for that wasm (its dist/core/fastText.node.js), imported at run time from here
   * rather than bundled: in the coach's bundle it would add about 2 ms of parsing to every cold start, used or not.
   */
  glue: 'fasttext.mjs',
} as const;

export const classifierFile = (name: keyof typeof CLASSIFIER_FILES) =>
  new URL(CLASSIFIER_FILES[name], CLASSIFIER_ASSETS_DIR);
