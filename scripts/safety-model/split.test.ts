import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CorpusMessage, countByStratum, readCorpus } from './corpus.ts';
import { chooseHeldOut, formatManifest, HELD_OUT_SHARE, readSplit } from './split.ts';

const message = (language: CorpusMessage['language'], label: CorpusMessage['label'], index: number) => ({
  language,
  label,
  text: `${language} ${label} message ${index}`,
  where: `${language}/${label}.txt:${index}`,
});
const corpus: CorpusMessage[] = [
  ...Array.from({ length: 50 }, (_, index) => message('en', 'none', index)),
  ...Array.from({ length: 20 }, (_, index) => message('en', 'abuse', index)),
  ...Array.from({ length: 31 }, (_, index) => message('de', 'suicide_self_harm', index)),
];

function manifestOf(heldOut: CorpusMessage[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-split-')), 'heldout.tsv');
  fs.writeFileSync(file, formatManifest(heldOut));
  return file;
}

describe('the held-out split', () => {
  it('holds out 20% of each language and label, the same messages whatever the order of the lines', () => {
    const heldOut = chooseHeldOut(corpus);
    expect(countByStratum(heldOut)).toEqual({ en: { none: 10, abuse: 4 }, de: { suicide_self_harm: 6 } });
    expect(
      chooseHeldOut([...corpus].reverse())
        .map((each) => each.text)
        .sort(),
    ).toEqual(heldOut.map((each) => each.text).sort());
  });

  it('is read back from its manifest; a message added later trains', () => {
    const manifest = manifestOf(chooseHeldOut(corpus));
    const added = message('en', 'none', 99);
    const { train, heldOut } = readSplit([...corpus, added], manifest);
    expect(heldOut).toHaveLength(20);
    expect(train).toHaveLength(corpus.length + 1 - 20);
    expect(train).toContainEqual(added);
  });

  it('refuses a corpus whose held-out message was edited: it would silently become training data', () => {
    const heldOut = chooseHeldOut(corpus);
    const manifest = manifestOf(heldOut);
    const edited = corpus.map((each) => (each === heldOut[0] ? { ...each, text: `${each.text}!` } : each));
    expect(() => readSplit(edited, manifest)).toThrow(/no longer in the corpus/);
  });
});

describe('the safety corpus and its frozen split', () => {
  it('keeps the corpus format, and every held-out message of the manifest is in the corpus', () => {
    const messages = readCorpus();
    const { heldOut } = readSplit(messages);
    const all = countByStratum(messages);
    for (const [language, labels] of Object.entries(countByStratum(heldOut))) {
      for (const [label, count] of Object.entries(labels)) {
        // Frozen at 20% of what the corpus then held; lines added since train.
        expect(count).toBeLessThanOrEqual(Math.round((all[language]?.[label] ?? 0) * HELD_OUT_SHARE));
        expect(count).toBeGreaterThan(0);
      }
    }
  });
});
