/**
 * The crisis screen's benchmark (`npm run bench:safety [-- --no-rebuild]`): recall and false-positive rate on the
 * frozen held-out split, per language and per label, for the patterns alone, the classifier alone and the two
 * together (what the coach runs); the same on the judges' sets of functions/test/safety; the threshold, the
 * model's size, its load time and the time per message. Then it rebuilds the model from the training part and
 * checks it is the committed one, byte for byte. Exits non-zero when the held-out targets are missed or the
 * rebuild differs.
 */
import * as fs from 'node:fs';
import { classifierFile } from '../../functions/src/coach/safety/classifier/assets.ts';
import {
  type CrisisClassifier,
  crisisClassifier,
  loadCrisisClassifier,
  shippedRuntime,
} from '../../functions/src/coach/safety/classifier/classifier.ts';
import {
  CATEGORY_OF_LABEL,
  CLASSIFIER_LABELS,
  type ClassifierLabel,
} from '../../functions/src/coach/safety/classifier/labels.ts';
import { combineScreenings } from '../../functions/src/coach/safety/crisis-screen.ts';
import { screenMessage } from '../../functions/src/coach/safety/screen.ts';
import { HELD_OUT_CRISIS, HELD_OUT_ORDINARY } from '../../functions/test/safety/held-out-set.ts';
import { CRISIS_MESSAGES, ORDINARY_MESSAGES } from '../../functions/test/safety/safety-set.ts';
import { CRISIS_LANGUAGES } from '../../shared/src/coach/crisis-support.ts';
import { type CorpusMessage, readCorpus } from './corpus.ts';
import { trainModel } from './fasttext-train.ts';
import { HELD_OUT_MANIFEST, readSplit } from './split.ts';
import { percent, table } from './table.ts';
import { packagedRuntime } from './train.ts';

const TARGET_RECALL = 0.98;
const TARGET_FALSE_POSITIVES = 0.01;

interface Verdicts {
  message: Pick<CorpusMessage, 'language' | 'label' | 'text'>;
  patterns: boolean;
  classifier: boolean;
  /** The category the combined screen's reply leads with, when it is a crisis. */
  leads: string | undefined;
}

function judge(classifier: CrisisClassifier, message: Verdicts['message']): Verdicts {
  const patterns = screenMessage(message.text);
  const verdict = classifier.classify(message.text);
  const combined = combineScreenings(message.text, patterns, verdict);
  return {
    message,
    patterns: patterns.crisis,
    classifier: verdict.crisis,
    leads: combined.crisis ? combined.categories[0] : undefined,
  };
}

type Layer = 'patterns' | 'classifier' | 'both';
const flagged = (verdicts: Verdicts, layer: Layer) =>
  layer === 'both' ? verdicts.patterns || verdicts.classifier : verdicts[layer];

/** A row: how many, and per layer the share flagged (recall for a crisis label, false positives for none). */
function row(name: string, verdicts: readonly Verdicts[]): string[] {
  const layers: Layer[] = ['patterns', 'classifier', 'both'];
  const rates = layers.map((layer) =>
    percent(verdicts.filter((each) => flagged(each, layer)).length, verdicts.length),
  );
  return [name, String(verdicts.length), ...rates];
}

const classifier = await crisisClassifier();
// `--manifest=<file>` reads another split: only to try the benchmark itself before the split is frozen.
const manifest = process.argv
  .find((argument) => argument.startsWith('--manifest='))
  ?.slice('--manifest='.length);
const { train, heldOut } = readSplit(readCorpus(), manifest ?? HELD_OUT_MANIFEST);

// Load and per-message times: a fresh load (what a cold coach function pays on its first message), then every
// held-out message five times over.
const loadStart = performance.now();
await loadCrisisClassifier({
  model: fs.readFileSync(classifierFile('model')),
  card: classifier.card,
  runtime: shippedRuntime(),
});
const loadMs = performance.now() - loadStart;
const rounds = 5;
let classifierMs = 0;
let patternsMs = 0;
for (let round = 0; round < rounds; round++) {
  for (const message of heldOut) {
    const start = performance.now();
    classifier.classify(message.text);
    classifierMs += performance.now() - start;
    const middle = performance.now();
    screenMessage(message.text);
    patternsMs += performance.now() - middle;
  }
}

const verdicts = heldOut.map((message) => judge(classifier, message));
const header = ['held-out split', 'n', 'patterns', 'classifier', 'both'];
const rows: string[][] = [];
for (const language of CRISIS_LANGUAGES) {
  for (const label of CLASSIFIER_LABELS) {
    const stratum = verdicts.filter(
      (each) => each.message.language === language && each.message.label === label,
    );
    rows.push(row(`${language} ${label === 'none' ? 'none (false positives)' : label}`, stratum));
  }
}
for (const label of CLASSIFIER_LABELS) {
  rows.push(
    row(
      `all ${label === 'none' ? 'none (false positives)' : label}`,
      verdicts.filter((each) => each.message.label === label),
    ),
  );
}
for (const language of CRISIS_LANGUAGES) {
  rows.push(
    row(
      `${language} all crisis`,
      verdicts.filter((each) => each.message.language === language && each.message.label !== 'none'),
    ),
  );
}
rows.push(
  row(
    'all crisis',
    verdicts.filter((each) => each.message.label !== 'none'),
  ),
);

console.log(
  `Held-out split: ${heldOut.length} messages (training part ${train.length}), never trained or tuned on.`,
);
console.log('Recall for a crisis label, false-positive rate for none:\n');
console.log(table(header, rows));

const crises = verdicts.filter((each) => each.message.label !== 'none' && flagged(each, 'both'));
const leadsRight = crises.filter(
  (each) => each.leads === CATEGORY_OF_LABEL[each.message.label as Exclude<ClassifierLabel, 'none'>],
).length;
console.log(
  `\nCrises caught whose reply leads with the lines of their own label: ${percent(leadsRight, crises.length)} (${leadsRight}/${crises.length})`,
);

// The judges' sets: what the patterns were written against, and their held-out variants.
const external = (
  crisis: readonly { text: string; language: string }[],
  ordinary: readonly { text: string; language: string }[],
) => {
  const judged = (list: readonly { text: string; language: string }[], label: ClassifierLabel) =>
    list.map((each) =>
      judge(classifier, { text: each.text, language: each.language as CorpusMessage['language'], label }),
    );
  return { crisis: judged(crisis, 'suicide_self_harm'), ordinary: judged(ordinary, 'none') };
};
const sets = {
  'safety-set.ts': external(CRISIS_MESSAGES, ORDINARY_MESSAGES),
  'held-out-set.ts': external(HELD_OUT_CRISIS, HELD_OUT_ORDINARY),
};
const externalRows = Object.entries(sets).flatMap(([name, { crisis, ordinary }]) => [
  row(`${name} crisis (recall)`, crisis),
  row(`${name} ordinary (false positives)`, ordinary),
]);
console.log(`\n${table(['functions/test/safety', 'n', 'patterns', 'classifier', 'both'], externalRows)}`);

const modelBytes = fs.statSync(classifierFile('model')).size;
console.log(
  `\nThreshold: ${classifier.card.threshold} on 1 − P(none) (${classifier.card.thresholdChoice.rule}).`,
);
console.log(
  `Model: ${(modelBytes / 1e6).toFixed(2)} MB, fastText wasm ${(fs.statSync(classifierFile('wasm')).size / 1e6).toFixed(2)} MB.`,
);
console.log(`Load (wasm instantiated, model read): ${loadMs.toFixed(1)} ms.`);
const measured = heldOut.length * rounds;
console.log(
  `Per message after load: classifier ${(classifierMs / measured).toFixed(3)} ms, patterns ${(patternsMs / measured).toFixed(3)} ms (mean of ${measured}).`,
);

const failures: string[] = [];
for (const language of CRISIS_LANGUAGES) {
  for (const label of CLASSIFIER_LABELS) {
    const stratum = verdicts.filter(
      (each) => each.message.language === language && each.message.label === label,
    );
    const share = stratum.filter((each) => flagged(each, 'both')).length / stratum.length;
    if (label === 'none' ? share > TARGET_FALSE_POSITIVES : share < TARGET_RECALL) {
      failures.push(`${language} ${label}: ${percent(share * stratum.length, stratum.length)}`);
    }
  }
}
for (const [name, { crisis, ordinary }] of Object.entries(sets)) {
  if (crisis.some((each) => !flagged(each, 'both'))) failures.push(`${name}: a crisis message passed`);
  if (ordinary.some((each) => flagged(each, 'both')))
    failures.push(`${name}: an ordinary message was flagged`);
}
if (modelBytes > 5_000_000) failures.push('the model is over 5 MB');

if (!process.argv.includes('--no-rebuild')) {
  const { model } = await trainModel(packagedRuntime(), train);
  const same = Buffer.from(model).equals(fs.readFileSync(classifierFile('model')));
  console.log(
    same
      ? 'Rebuilt from the training part: identical to the committed model, byte for byte.'
      : 'Rebuilt from the training part: DIFFERS from the committed model.',
  );
  if (!same) failures.push('the rebuilt model differs from the committed one');
}

if (failures.length > 0) {
  console.error(
    `\nTargets missed (recall ≥ ${TARGET_RECALL * 100}% and false positives ≤ ${TARGET_FALSE_POSITIVES * 100}% in every language and label, the judges' sets as today):\n${failures.join('\n')}`,
  );
  process.exitCode = 1;
} else
  console.log(
    `\nTargets met: recall ≥ ${TARGET_RECALL * 100}% and false positives ≤ ${TARGET_FALSE_POSITIVES * 100}% in every language and label; the judges' sets as today.`,
  );
