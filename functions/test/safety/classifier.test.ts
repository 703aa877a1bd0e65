import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifierFile } from '../../src/coach/safety/classifier/assets';
import { type CrisisClassifier, crisisClassifier } from '../../src/coach/safety/classifier/classifier';
import { prepareForClassifier } from '../../src/coach/safety/classifier/prepare';

/**
 * The shipped crisis classifier (classifier/assets), loaded once for the file. Its measured rates live in
 * `npm run bench:safety`; these are the checks that the files, the loading and the reading are right.
 */

let classifier: CrisisClassifier;
beforeAll(async () => {
  classifier = await crisisClassifier();
});

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('the shipped crisis classifier', () => {
  it('is one model of at most 5 MB, and its card names the model and the fastText it ships with', () => {
    const model = fs.readFileSync(classifierFile('model'));
    expect(model.length).toBeLessThanOrEqual(5_000_000);
    expect(classifier.card.sha256.model).toBe(sha256(model));
    expect(classifier.card.sha256.wasm).toBe(sha256(fs.readFileSync(classifierFile('wasm'))));
    expect(classifier.card.sha256.glue).toBe(sha256(fs.readFileSync(classifierFile('glue'))));
    expect(classifier.card.threshold).toBeGreaterThan(0);
    expect(classifier.card.threshold).toBeLessThan(1);
  });

  it('runs on the fastText of the pinned fasttext.wasm.js (upgrading the package means rebuilding the model)', () => {
    const packaged = (file: string) =>
      sha256(fs.readFileSync(createRequire(import.meta.url).resolve(`fasttext.wasm.js/dist/core/${file}`)));
    expect(packaged('fastText.node.wasm')).toBe(classifier.card.sha256.wasm);
    expect(packaged('fastText.node.js')).toBe(classifier.card.sha256.glue);
  });

  it('is loaded once and kept', async () => {
    expect(await crisisClassifier()).toBe(classifier);
  });

  it.each([
    ['suicide_self_harm', 'i have decided tonight is the night i end everything'],
    ['suicide_self_harm', 'ich hab heute abschiedsbriefe an alle geschrieben'],
    ['suicide_self_harm', 'jpp de vivre franchement jveux disparaitre pour de bon'],
    ['abuse', 'my husband locks me in and takes my phone when he is angry, i am scared of him'],
    ['abuse', 'mi pareja me empuja contra la pared y me dice que nadie me creerá'],
    ['poisoning_overdose', 'my toddler just drank some of the dishwasher liquid'],
    ['poisoning_overdose', 'ich hab vor einer stunde 20 schlaftabletten genommen'],
    ['medical_emergency', 'my mum cant lift her arm and her words are all slurred'],
    ['medical_emergency', 'mon père a une douleur énorme dans la poitrine et il transpire'],
  ] as const)('reads %s as the likeliest label of "%s"', (label, text) => {
    const scores = classifier.scores(text);
    const likeliest = Object.entries(scores).sort(([, a], [, b]) => b - a)[0]?.[0];
    expect(likeliest).toBe(label);
    expect(Object.values(scores).reduce((sum, each) => sum + each, 0)).toBeCloseTo(1, 3);
  });

  it('names the likeliest crisis label of a message over its threshold', () => {
    expect(classifier.classify('my mum cant lift her arm and her words are all slurred')).toMatchObject({
      crisis: true,
      label: 'medical_emergency',
    });
  });

  it.each([
    'this deadline is killing me lol',
    'how do I get back into a morning routine after the holidays?',
    'ich bin so müde von der arbeit, hast du tipps zum abschalten?',
    'je meurs de faim, une idée de goûter sain ?',
    'me muero de ganas de empezar el gimnasio',
  ])('lets "%s" through', (text) => {
    expect(classifier.classify(text).crisis).toBe(false);
  });

  it('reads a message with no words as none', () => {
    expect(classifier.classify('...!!! ??')).toEqual({ crisis: false, crisisScore: 0 });
  });
});

describe('a message as the classifier reads it', () => {
  it('drops case, accents and apostrophes, keeps emoji as words, and keeps a doubled letter once', () => {
    expect(prepareForClassifier("I DON'T want to live anymoreeee... 😭😭")).toBe(
      'i dont want to live anymore 😭 😭',
    );
    expect(prepareForClassifier('J’ai   pris des médicaments, ça va pas\n')).toBe(
      'jai pris des medicaments ca va pas',
    );
    expect(prepareForClassifier('Ich muß weg')).toBe('ich mus weg');
  });
});
