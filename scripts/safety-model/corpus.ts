import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CLASSIFIER_LABELS,
  type ClassifierLabel,
} from '../../functions/src/coach/safety/classifier/labels.ts';
import { CRISIS_LANGUAGES, type CrisisLanguage } from '../../shared/src/coach/crisis-support.ts';

/**
 * The safety corpus: scripts/safety-model/corpus/<language>/<label>.txt, one message a line, a `#` header at the
 * top saying who wrote the file, when and how (README.md here lists the sources). Read and checked here for the
 * training script, the split and the benchmark alike.
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
  const messages: CorpusMessage[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const language of CRISIS_LANGUAGES) {
    for (const label of CLASSIFIER_LABELS) {
      const file = path.join(directory, language, `${label}.txt`);
      if (!fs.existsSync(file)) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      let header = true;
      for (const [index, line] of lines.entries()) {
        const where = `${language}/${label}.txt:${index + 1}`;
        if (header && line.startsWith('#')) continue;
        header = false;
        if (line.startsWith('#')) problems.push(`${where}: a comment below the header`);
        else if (line.trim() === '') problems.push(`${where}: an empty line`);
        else if (line !== line.trim() || line.includes('\t') || line.includes('\r'))
          problems.push(`${where}: spaces around it, a tab or a carriage return`);
        else if (seen.has(line)) problems.push(`${where}: the same message as ${seen.get(line)}`);
        else {
          seen.set(line, where);
          messages.push({ language, label, text: line, where });
        }
      }
    }
  }
  if (problems.length > 0) throw new Error(`The safety corpus breaks its format:\n${problems.join('\n')}`);
  return messages;
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
