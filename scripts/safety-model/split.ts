import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type CorpusMessage, SAFETY_MODEL_DIR } from './corpus.ts';

/**
 * The frozen held-out split: 20% of each language × label of the corpus, set aside before anything was tuned
 * and never trained or tuned on. It is kept as a manifest of the held-out messages' hashes
 * (split/heldout.tsv), so the corpus stays the only copy of the text and a message added later is training
 * data. A held-out message edited or removed from the corpus fails the split's check rather than drift into
 * training.
 */

export const HELD_OUT_MANIFEST = path.join(SAFETY_MODEL_DIR, 'split', 'heldout.tsv');
export const HELD_OUT_SHARE = 0.2;

/** The manifest's key of a message: the first 16 hex digits of the sha256 of its exact text. */
export const messageKey = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A stable order that does not depend on where a message sits in its file: by a salted hash of its text. */
export const shuffledOrder = (salt: string, text: string) =>
  createHash('sha256').update(`${salt}\0${text}`).digest('hex');

/**
 * Chooses the held-out messages: in each language × label, the 20% (rounded) that come first in the order of
 * a salted hash. The same corpus always gives the same split, whatever the order of its lines.
 */
export function chooseHeldOut(messages: readonly CorpusMessage[]): CorpusMessage[] {
  const strata = new Map<string, CorpusMessage[]>();
  for (const message of messages) {
    const stratum = `${message.language}/${message.label}`;
    strata.set(stratum, [...(strata.get(stratum) ?? []), message]);
  }
  return [...strata.values()].flatMap((stratum) => {
    const ordered = [...stratum].sort((a, b) =>
      shuffledOrder('held-out', a.text).localeCompare(shuffledOrder('held-out', b.text)),
    );
    return ordered.slice(0, Math.round(stratum.length * HELD_OUT_SHARE));
  });
}

export function formatManifest(heldOut: readonly CorpusMessage[]): string {
  const rows = heldOut
    .map((message) => `${message.language}\t${message.label}\t${messageKey(message.text)}`)
    .sort();
  return `${['language\tlabel\tsha256_16', ...rows].join('\n')}\n`;
}

export interface Split {
  train: CorpusMessage[];
  heldOut: CorpusMessage[];
}

/**
 * The corpus cut along the frozen manifest: held-out messages are the manifest's, all others train. Throws
 * when a manifest row finds no message of its language and label (a held-out message changed).
 */
export function readSplit(messages: readonly CorpusMessage[], manifest = HELD_OUT_MANIFEST): Split {
  const rows = fs.readFileSync(manifest, 'utf8').trim().split('\n').slice(1);
  const wanted = new Set(rows);
  const heldOut: CorpusMessage[] = [];
  const train: CorpusMessage[] = [];
  for (const message of messages) {
    const row = `${message.language}\t${message.label}\t${messageKey(message.text)}`;
    if (wanted.delete(row)) heldOut.push(message);
    else train.push(message);
  }
  if (wanted.size > 0) {
    throw new Error(
      `${wanted.size} held-out message(s) of ${path.basename(manifest)} are no longer in the corpus (edited or removed): ${[...wanted].slice(0, 5).join(', ')}`,
    );
  }
  return { train, heldOut };
}
