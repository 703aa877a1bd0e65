import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CLASSIFIER_LABELS,
  type ClassifierLabel,
} from '../../functions/src/coach/safety/classifier/labels.ts';
import { CRISIS_LANGUAGES, type CrisisLanguage } from '../../shared/src/coach/crisis-support.ts';

/**
 * The safety corpus: scripts/safety-model/corpus/<language>/<label>.txt, one message a line, a `#` header at the
 * top saying who wrote the file, when and how (corpus/SOURCES.md lists the sources). Additions of a later hand
 * live beside them as `<label>.<name>.txt` with a header of their own: the frozen split never holds them, so they
 * train. Read and checked here for the training script, the split and the benchmark alike.
 */

export const SAFETY_MODEL_DIR = path.dirname(new URL(import.meta.url).pathname);
export const CORPUS_DIR = path.join(SAFETY_MODEL_DIR, 'corpus');

export interface CorpusMessage {
  language: CrisisLanguage;
  label: ClassifierLabel;
  text: string;
  /** `en/abuse.txt:12`, for messages that point back at a line. */
  where: string;
}

/** Every message of the corpus, in file and line order; throws on a line the format does not allow. */
export function readCorpus(directory = CORPUS_DIR): CorpusMessage[] {
  const read: ReadSoFar = { messages: [], problems: [], seen: new Map() };
  for (const language of CRISIS_LANGUAGES) {
    const folder = path.join(directory, language);
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
    for (const label of CLASSIFIER_LABELS) {
      // The label's own file first, then its additions.
      const own = files.filter((name) => name === `${label}.txt`);
      const additions = files.filter((name) => name.startsWith(`${label}.`) && name !== `${label}.txt`);
      for (const name of [...own, ...additions]) readFile(path.join(folder, name), language, label, read);
    }
  }
  if (read.problems.length > 0) {
    throw new Error(`The safety corpus breaks its format:\n${read.problems.join('\n')}`);
  }
  return read.messages;
}

interface ReadSoFar {
  messages: CorpusMessage[];
  problems: string[];
  /** Each message read, and where: no message twice, within a file or across files. */
  seen: Map<string, string>;
}

function readFile(file: string, language: CrisisLanguage, label: ClassifierLabel, read: ReadSoFar): void {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  let header = true;
  for (const [index, line] of lines.entries()) {
    const where = `${language}/${path.basename(file)}:${index + 1}`;
    if (header && line.startsWith('#')) continue;
    header = false;
    if (line.startsWith('#')) read.problems.push(`${where}: a comment below the header`);
    else if (line.trim() === '') read.problems.push(`${where}: an empty line`);
    else if (line !== line.trim() || line.includes('\t') || line.includes('\r'))
      read.problems.push(`${where}: spaces around it, a tab or a carriage return`);
    else if (read.seen.has(line)) read.problems.push(`${where}: the same message as ${read.seen.get(line)}`);
    else {
      read.seen.set(line, where);
      read.messages.push({ language, label, text: line, where });
    }
  }
}

/** `{ en: { none: 680, ... }, ... }`: how many messages a set has of each language and label. */
export function countByStratum(
  messages: readonly Pick<CorpusMessage, 'language' | 'label'>[],
): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const { language, label } of messages) {
    counts[language] ??= {};
    (counts[language] as Record<string, number>)[label] =
      ((counts[language] as Record<string, number>)[label] ?? 0) + 1;
  }
  return counts;
}
