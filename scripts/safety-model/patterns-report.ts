/**
 * The crisis patterns on the TRAINING part of the safety corpus, for whoever changes them
 * (`npx tsx scripts/safety-model/patterns-report.ts [--language=en] [--missed=10] [--label=abuse] [--phrases]`): per
 * language, the patterns' recall for each crisis label and their false-positive rate on ordinary messages,
 * then every false positive with the phrases that matched it (`explainScreening`), and with `--missed=N` up to N
 * missed crisis messages of each language × label (a stable sample, by a salted hash of the text). `--phrases`
 * adds each phrase's count: the crises it matched, those no other phrase matched, and the ordinary messages.
 *
 * It reads `readSplit(readCorpus()).train` and nothing else: it never reads, counts or prints a message of the
 * frozen held-out split, so the patterns can be tuned on what it shows while the split stays unseen
 * (docs/safety.md "Changing the patterns"). The held-out figures are `npm run bench:safety`'s alone.
 */
import { CRISIS_LABELS } from '../../functions/src/coach/safety/classifier/labels.ts';
import { explainScreening, screenMessage } from '../../functions/src/coach/safety/screen.ts';
import { CRISIS_LANGUAGES } from '../../shared/src/coach/crisis-support.ts';
import { type CorpusMessage, readCorpus } from './corpus.ts';
import { readSplit, shuffledOrder } from './split.ts';
import { percent, table } from './table.ts';

interface Judged {
  message: CorpusMessage;
  flagged: boolean;
}

const option = (name: string) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);

const onlyLanguage = option('language');
const onlyLabel = option('label');
const missedPerStratum = Number(option('missed') ?? 0);
const languages = CRISIS_LANGUAGES.filter((language) => !onlyLanguage || language === onlyLanguage);

const { train } = readSplit(readCorpus());
const started = performance.now();
const judged: Judged[] = train
  .filter((message) => languages.includes(message.language))
  .map((message) => ({ message, flagged: screenMessage(message.text).crisis }));
const meanMs = (performance.now() - started) / judged.length;

const share = (list: readonly Judged[]) =>
  `${percent(list.filter((each) => each.flagged).length, list.length)} (${list.filter((each) => each.flagged).length}/${list.length})`;

/** One row a language: recall of each crisis label, of all crises, and the false-positive rate. */
function summary(): string {
  const rows = [...languages, 'all'].map((language) => {
    const mine = judged.filter((each) => language === 'all' || each.message.language === language);
    const crises = mine.filter((each) => each.message.label !== 'none');
    return [
      language,
      ...CRISIS_LABELS.map((label) => share(mine.filter((each) => each.message.label === label))),
      share(crises),
      share(mine.filter((each) => each.message.label === 'none')),
    ];
  });
  return table(['training part', ...CRISIS_LABELS, 'all crisis', 'none (false positives)'], rows);
}

/** A message and what matched it: `[en suicide] want ... die`. */
function explained(text: string): string {
  const matches = explainScreening(text).map(
    (match) => `[${match.language} ${match.category}] ${match.phrase}`,
  );
  return `  ${text}\n      ← ${matches.join('  |  ')}`;
}

function falsePositives(): string[] {
  return languages.flatMap((language) => {
    const wrong = judged.filter(
      (each) => each.message.language === language && each.message.label === 'none' && each.flagged,
    );
    if (wrong.length === 0) return [];
    return [
      `\n${language}: ${wrong.length} false positive(s)`,
      ...wrong.map((each) => explained(each.message.text)),
    ];
  });
}

function missed(): string[] {
  if (missedPerStratum <= 0) return [];
  return languages.flatMap((language) =>
    CRISIS_LABELS.filter((label) => !onlyLabel || label === onlyLabel).flatMap((label) => {
      const passed = judged
        .filter((each) => each.message.language === language && each.message.label === label && !each.flagged)
        .map((each) => each.message.text)
        .sort((a, b) =>
          shuffledOrder('patterns-report', a).localeCompare(shuffledOrder('patterns-report', b)),
        );
      if (passed.length === 0) return [];
      const sample = passed.slice(0, missedPerStratum);
      return [
        `\n${language} ${label}: ${sample.length} of ${passed.length} missed`,
        ...sample.map((text) => `  ${text}`),
      ];
    }),
  );
}

/** Per phrase: crises matched, crises matched by it alone, ordinary messages matched; the busiest first. */
function phrases(): string[] {
  if (!process.argv.includes('--phrases')) return [];
  const counts = new Map<string, { crisis: number; alone: number; ordinary: number }>();
  for (const { message } of judged) {
    const matches = explainScreening(message.text);
    const names = [
      ...new Set(matches.map((match) => `${match.language} ${match.category}: ${match.phrase}`)),
    ];
    for (const name of names) {
      const count = counts.get(name) ?? { crisis: 0, alone: 0, ordinary: 0 };
      if (message.label === 'none') count.ordinary++;
      else {
        count.crisis++;
        if (names.length === 1) count.alone++;
      }
      counts.set(name, count);
    }
  }
  const rows = [...counts.entries()]
    .sort(([, a], [, b]) => b.crisis + b.ordinary - (a.crisis + a.ordinary))
    .map(([name, count]) => [String(count.crisis), String(count.alone), String(count.ordinary), name]);
  return ['', table(['crises', 'alone', 'ordinary', 'phrase'], rows)];
}

console.log(
  `The patterns on the training part (${judged.length} messages; the held-out split is not read).\n`,
);
console.log(summary());
console.log(`\nPatterns: ${meanMs.toFixed(3)} ms a message (mean, first use included).`);
for (const line of [...falsePositives(), ...missed(), ...phrases()]) console.log(line);
