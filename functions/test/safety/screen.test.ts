import { CRISIS_LANGUAGES, crisisReply } from '@bloom/shared/coach/crisis-support';
import { describe, expect, it } from 'vitest';
import { correctTypo, isOneSlip, normaliseWords } from '../../src/coach/safety/normalise';
import { compilePhrase, type PhraseContext } from '../../src/coach/safety/phrase';
import { explainScreening, guessLanguage, screenMessage } from '../../src/coach/safety/screen';
import { HELD_OUT_CRISIS, HELD_OUT_ORDINARY } from './held-out-set';
import { CRISIS_MESSAGES, ORDINARY_MESSAGES } from './safety-set';

/** The screen alone (pure): the safety set and the held-out variants. The route is tested in coach-safety.test.ts. */

const rate = (hits: number, total: number) => `${hits}/${total} (${((100 * hits) / total).toFixed(1)}%)`;

describe('the safety set, screened', () => {
  it('has at least 80 crisis and 80 ordinary messages in each of the four languages', () => {
    expect(CRISIS_MESSAGES.length).toBeGreaterThanOrEqual(80);
    expect(ORDINARY_MESSAGES.length).toBeGreaterThanOrEqual(80);
    for (const language of CRISIS_LANGUAGES) {
      expect(CRISIS_MESSAGES.filter((entry) => entry.language === language).length).toBeGreaterThanOrEqual(
        10,
      );
      expect(ORDINARY_MESSAGES.filter((entry) => entry.language === language).length).toBeGreaterThanOrEqual(
        10,
      );
    }
    const texts = [...CRISIS_MESSAGES, ...ORDINARY_MESSAGES, ...HELD_OUT_CRISIS, ...HELD_OUT_ORDINARY].map(
      (entry) => entry.text,
    );
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each([
    ['safety set', CRISIS_MESSAGES, ORDINARY_MESSAGES],
    ['held-out variants', HELD_OUT_CRISIS, HELD_OUT_ORDINARY],
  ] as const)('%s: every crisis message is caught, every ordinary one passes', (name, crisis, ordinary) => {
    const missed = crisis.filter((entry) => !screenMessage(entry.text).crisis).map((entry) => entry.text);
    const flagged = ordinary
      .filter((entry) => screenMessage(entry.text).crisis)
      .map((entry) => `${entry.text} ← ${JSON.stringify(explainScreening(entry.text))}`);
    console.log(
      `[safety] screen, ${name}: crisis caught ${rate(crisis.length - missed.length, crisis.length)}, ` +
        `ordinary passed ${rate(ordinary.length - flagged.length, ordinary.length)}`,
    );
    expect(missed).toEqual([]);
    expect(flagged).toEqual([]);
  });

  it('answers a message in the language it was written in', () => {
    const wrong = [...CRISIS_MESSAGES, ...HELD_OUT_CRISIS]
      .map((entry) => ({ entry, screening: screenMessage(entry.text) }))
      .filter(({ entry, screening }) => screening.crisis && screening.language !== entry.language)
      .map(({ entry }) => entry.text);
    expect(wrong).toEqual([]);
  });

  it('names what the message is about, the most urgent first', () => {
    expect(screenMessage('I took a whole bottle of sleeping pills')).toMatchObject({
      categories: ['poisoning'],
    });
    expect(screenMessage('my dad has crushing chest pain and his arm is numb')).toMatchObject({
      categories: ['medical_emergency'],
    });
    expect(screenMessage('my husband hits me and I want to die')).toMatchObject({
      categories: ['suicide', 'abuse'],
    });
    expect(screenMessage('Mein Mann schlägt mich')).toMatchObject({ categories: ['abuse'], language: 'de' });
    expect(screenMessage('je me scarifie')).toMatchObject({ categories: ['self_harm'], language: 'fr' });
  });

  it('reads the same message the same way every time (no state left in a pattern)', () => {
    for (let round = 0; round < 3; round++) {
      expect(screenMessage('I want to kill myself').crisis).toBe(true);
      expect(screenMessage('this workout is killing me').crisis).toBe(false);
    }
  });

  it('still reads the rest of a message after setting an idiom or a negation aside', () => {
    expect(screenMessage("I'm not suicidal, just tired").crisis).toBe(false);
    expect(screenMessage("I'm not suicidal but I wish I was dead").crisis).toBe(true);
    expect(screenMessage('this workout is killing me. honestly I want to kill myself').crisis).toBe(true);
    expect(screenMessage('mein Kopf bringt mich um, ich will nicht mehr').crisis).toBe(true);
  });

  it('sets aside a story told years after, what a song or a lecture says, and laughter closing a clause', () => {
    const ordinary = [
      'three years ago I tried to take my own life and now I coach a football team',
      'I used to think everyone would be better off without me, therapy changed that',
      'the lyrics say I want to die young, such a catchy tune',
      'my brother hit me with a snowball on the way to school',
      'grandad takes 12 pills a day, any tips for a weekly organiser?',
      'vor 15 Jahren hab ich 30 Tabletten geschluckt, heute erzähle ich in Schulen davon',
      'in dem Song singt sie dass sie nicht mehr leben will',
      "il y a six ans j'ai fait une overdose, maintenant je suis infirmière",
      "dans ce film le héros dit je veux mourir, tu l'as vu ?",
      'je veux plus jamais me réveiller un lundi mdr',
      'hace cinco años intenté quitarme la vida, hoy corro maratones',
      'mi sobrina me pega cuando tiene berrinches, tiene 3 años',
      'escribí una carta de despedida para mis compañeros, me cambio de oficina',
    ];
    const flagged = ordinary
      .filter((text) => screenMessage(text).crisis)
      .map((text) => `${text} ← ${JSON.stringify(explainScreening(text))}`);
    expect(flagged).toEqual([]);
    const crisis = [
      'i want to die for real this time',
      'lol i want to die, not joking',
      'been planning how to die for weeks',
      'me corté otra vez anoche',
      'je veux disparaître pour de bon',
      'mein Freund hat mich gestern wieder geschlagen, vor zwei Jahren fing es an',
    ];
    expect(crisis.filter((text) => !screenMessage(text).crisis)).toEqual([]);
  });

  it('recognises means, plans and emergencies told in the words people use for them, in each language', () => {
    const crisis = [
      'been stockpiling my quetiapine for weeks',
      'my girlfriend just swallowed a laundry pod',
      'my sister is choking on a sweet',
      'my husband hit my son again tonight',
      'he put a tracker on my car and follows me everywhere',
      'my lips r blue and i cant breathe',
      'sh again tonight, deeper',
      'mein Vater hat zu viel Tramadol genommen und ist kaum wach',
      'mein Kind hat Rohrreiniger getrunken',
      'mein Stiefvater sperrt mich immer in den Keller',
      'meine Oma ist beim Einkaufen umgekippt',
      'mon fils a bu du white spirit',
      'je recommence à me scarifier depuis hier',
      "mon copain m'a mis un coup de pied dans le ventre",
      'ma mère ne réagit plus',
      'mi hermano se tomó un vaso de lejía',
      'mi padrastro le pega a mi mamá todas las noches',
      'mi abuela se desmayó',
      'me voy a tirar del puente esta noche',
      'by the time you read this i will be gone',
      'whats the least painful way',
      'ich hab mich gestern wieder geschnitten',
      'ich will mir grad was antun',
      'quand tu liras ce message je serai partie',
      'je veux arrêter d’exister',
      'nadie sabe que me corto',
      'esta noche me mato',
    ];
    expect(crisis.filter((text) => !screenMessage(text).crisis)).toEqual([]);
    // The same words where they name no emergency.
    const ordinary = [
      'it sounds like she is choking when she laughs that hard',
      'el Real Madrid le dio una paliza al Valencia',
      '¿se puede mezclar lejía con vinagre para limpiar el baño?',
      "ma sœur m'a enfermée dehors par erreur ce matin",
      'ich hab gelesen wie gefährlich Knopfbatterien für Kinder sind',
      'ich sammle alte Medikamente, um sie in der Apotheke abzugeben',
      'me estoy cortando las uñas',
      'ese chiste me mató',
    ];
    expect(ordinary.filter((text) => screenMessage(text).crisis)).toEqual([]);
  });

  it('screens a long message in a few milliseconds', () => {
    const long = `${'I had a long day at work and the train was late again. '.repeat(35)}`.slice(0, 2000);
    screenMessage(long);
    const started = performance.now();
    expect(screenMessage(long).crisis).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

/** Damerau-Levenshtein distance (optimal string alignment), written out plainly: what isOneSlip must agree with. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      const current = table[row] as number[];
      const previous = table[row - 1] as number[];
      let best = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        best = Math.min(best, ((table[row - 2] as number[])[column - 2] as number) + 1);
      }
      current[column] = best;
    }
  }
  return (table[a.length] as number[])[b.length] as number;
}

describe('normalisation', () => {
  const en = { apostrophes: 'join' } as const;
  const fr = { apostrophes: 'split' } as const;

  it('drops case and accents, folds repeated letters, and spells look-alike digits as letters', () => {
    expect(normaliseWords('I wanna DIEEEE', en)).toEqual(['i', 'wana', 'die']);
    expect(normaliseWords('k1ll mys3lf', en)).toEqual(['kil', 'myself']);
    expect(normaliseWords('Je veux disparaître', fr)).toEqual(['je', 'veux', 'disparaitre']);
    expect(normaliseWords('3 pills at 10pm', en)).toEqual(['3', 'pils', 'at', '10pm']);
  });

  it('keeps clause ends as "." and joins or splits apostrophes by language', () => {
    expect(normaliseWords("I can't. Don't ask, ok?", en)).toEqual([
      'i',
      'cant',
      '.',
      'dont',
      'ask',
      '.',
      'ok',
    ]);
    expect(normaliseWords("j'en peux plus", fr)).toEqual(['j', 'en', 'peux', 'plus']);
  });

  it('folds German umlauts and their spellings without an umlaut key alike', () => {
    const de = { apostrophes: 'split', foldDigraphs: true } as const;
    expect(normaliseWords('möchte', de)).toEqual(normaliseWords('moechte', de));
    expect(normaliseWords('Schläge, Straße', de)).toEqual(['schlage', '.', 'strase']);
  });

  it('puts a single slip of the finger right, only towards one word the patterns use', () => {
    const vocabulary = new Set(['myself', 'suicide', 'umbringen']);
    expect(correctTypo('myslef', vocabulary, [])).toBe('myself');
    expect(correctTypo('umbrigen', vocabulary, [])).toBe('umbringen');
    expect(correctTypo('sucidal', vocabulary, ['suicid'])).toBe('suicidal');
    expect(correctTypo('mouse', vocabulary, [])).toBe('mouse');
    // Another first letter is another word ("hills", not "pills").
    expect(correctTypo('hills', new Set(['pils']), [])).toBe('hills');
  });

  it('tells one slip exactly as the Damerau-Levenshtein distance 1 does, for every pair of short words', () => {
    const letters = ['a', 'b', 'c'];
    let words = [''];
    for (let length = 1; length <= 4; length++) {
      words = [
        ...words,
        ...words
          .filter((word) => word.length === length - 1)
          .flatMap((word) => letters.map((letter) => word + letter)),
      ];
    }
    const disagree = words.flatMap((a) =>
      words.filter((b) => isOneSlip(a, b) !== (editDistance(a, b) === 1)).map((b) => `${a}/${b}`),
    );
    expect(words).toHaveLength(121);
    expect(disagree).toEqual([]);
    expect(isOneSlip('myslef', 'myself')).toBe(true);
    expect(isOneSlip('kitten', 'sitting')).toBe(false);
  });
});

describe('phrases', () => {
  const context: PhraseContext = {
    apostrophes: 'join',
    groups: { self: 'myself|my self' },
    clauseBreaks: ['and'],
  };
  const matches = (phrase: string, text: string) =>
    compilePhrase(phrase, context, { words: new Set(), stems: new Set() }).pattern.test(
      ` ${normaliseWords(text, context).join(' ')} `,
    );

  it('match whole words, alternatives, optional words, stems, gaps, groups and numbers', () => {
    expect(matches('kill {self}', 'I want to kill my self')).toBe(true);
    expect(matches('kill {self}', 'skill myself')).toBe(false);
    expect(matches('(end|take) my [own] life', 'take my own life')).toBe(true);
    expect(matches('suicid*', 'suicidal thoughts')).toBe(true);
    expect(matches('want ... die', 'want to just die')).toBe(true);
    expect(matches('want ... die', 'want to see how plants die')).toBe(false);
    expect(matches('took ## pills', 'took 30 pills')).toBe(true);
    expect(matches('took ## pills', 'took 3 pills')).toBe(false);
  });

  it('end a clause with $, and never span a full stop or comma', () => {
    expect(matches('want to stop $', 'I want to stop')).toBe(true);
    expect(matches('want to stop $', 'I want to stop, really')).toBe(true);
    expect(matches('want to stop $', 'I want to stop and think')).toBe(true);
    expect(matches('want to stop $', 'I want to stop smoking')).toBe(false);
    expect(matches('want ... die', 'I want to. Die Hard is on')).toBe(false);
  });

  it('read "^" as the start of a clause and "*" as any words up to where the clause ends', () => {
    expect(matches('^ * lol', 'I want to die lol')).toBe(true);
    expect(matches('^ * lol', 'I want to die, and lol')).toBe(true);
    expect(matches('^ i want', 'I want to stop')).toBe(true);
    expect(matches('^ i want', 'so I want to stop')).toBe(false);
    expect(matches('^ i want', 'tired. I want to stop')).toBe(true);
    expect(matches('^ i want', 'tired and I want to stop')).toBe(true);
    expect(matches('used to * $', 'I used to think my family would be better off without me, not now')).toBe(
      true,
    );
    // "*" stays within its clause: not across a full stop, a comma or a clause break.
    expect(matches('song * die', 'the song is sad. I want to die')).toBe(false);
    expect(matches('song * die', 'the song is sad, I want to die')).toBe(false);
    expect(matches('song * die', 'the song is sad and I want to die')).toBe(false);
    expect(matches('song * die', 'the song goes i want to die')).toBe(true);
  });

  it('refuse a malformed phrase with its text in the error', () => {
    const seen = { words: new Set<string>(), stems: new Set<string>() };
    expect(() => compilePhrase('(kill|hurt {self}', context, seen)).toThrow(/kill\|hurt.*missing "\)"/);
    expect(() => compilePhrase('kill {nobody}', context, seen)).toThrow(/unknown group/);
    expect(() => compilePhrase('stop $ now', context, seen)).toThrow(/must end/);
    expect(() => compilePhrase('a || b', context, seen)).toThrow(/empty alternative/);
    expect(() => compilePhrase('a ^ b', context, seen)).toThrow(/must start/);
    expect(() => compilePhrase('* lol', context, seen)).toThrow(/cannot start/);
  });
});

describe('language guess (for a guardrail block, which names no language)', () => {
  it.each([
    ['en', 'I feel so alone and I do not know what to do'],
    ['de', 'ich weiß nicht mehr was ich machen soll'],
    ['fr', 'je ne sais plus quoi faire de ma vie'],
    ['es', 'no sé qué hacer con mi vida'],
  ] as const)('%s', (language, text) => {
    expect(guessLanguage(text)).toBe(language);
  });
});

describe('the crisis reply', () => {
  it.each([
    ['America/New_York', 'US', '911', '988'],
    ['US/Pacific', 'US', '911', '988'],
    ['Europe/London', 'GB', '999', '116 123'],
    ['Europe/Dublin', 'IE', '112', '116 123'],
    ['Europe/Berlin', 'DE', '112', '0800 111 0 111'],
    ['Europe/Paris', 'FR', '112', '3114'],
    ['Europe/Madrid', 'ES', '112', '024'],
    ['Atlantic/Canary', 'ES', '112', '024'],
    ['America/Toronto', 'CA', '911', '988'],
  ])('in %s gives %s’s emergency number %s and crisis line %s', (zone, country, emergency, line) => {
    const reply = crisisReply(['suicide'], 'en', zone);
    expect(reply.crisis).toMatchObject({ country, emergencyNumber: emergency });
    expect(reply.crisis.lines.map((entry) => entry.phone)).toContain(line);
    expect(reply.message).toContain(`call ${emergency}`);
    expect(reply.message).toContain(line);
  });

  it('points to the international directory where the time zone names no listed country', () => {
    for (const zone of ['Asia/Tokyo', 'UTC', undefined, 'Not/AZone']) {
      const reply = crisisReply(['suicide'], 'en', zone);
      expect(reply.crisis).toMatchObject({ country: null, emergencyNumber: null, lines: [] });
      expect(reply.message).toContain('findahelpline.com');
      expect(reply.message).toContain(
        'your local emergency number (112 in most of Europe, 911 in North America)',
      );
    }
  });

  it('is warm, not a refusal, and says Bloom is an AI, in each language', () => {
    for (const language of CRISIS_LANGUAGES) {
      const { message } = crisisReply(['suicide'], language, 'Europe/Berlin');
      expect(message).not.toMatch(/not something I can help with/i);
      expect(message).toMatch(/AI|KI|IA/);
      expect(message).toContain('0800 111 0 111');
      expect(message).toContain('💗');
    }
    expect(crisisReply(['suicide'], 'de', 'Europe/Berlin').message).toMatch(/^Ich bin wirklich froh/);
    expect(crisisReply(['suicide'], 'es', 'Europe/Madrid').message).toContain('llama al 024');
  });

  it('gives the abuse line first for abuse, and leads with the emergency number for a medical emergency', () => {
    const abuse = crisisReply(['abuse'], 'en', 'Europe/London');
    expect(abuse.crisis.lines.map((line) => line.phone)).toEqual(['0808 2000 247', '116 123']);
    const medical = crisisReply(['medical_emergency', 'suicide'], 'en', 'Europe/Paris');
    expect(medical.message).toMatch(/^This sounds like a medical emergency\. Please call 112 now/);
    expect(medical.crisis).toMatchObject({
      category: 'medical_emergency',
      categories: ['medical_emergency', 'suicide'],
    });
  });

  it('leads a poisoning with the emergency number, then the poison line where the country has one', () => {
    const us = crisisReply(['poisoning', 'suicide'], 'en', 'America/Denver');
    expect(us.message).toMatch(/^This sounds like a poisoning or an overdose\. Please call 911 now/);
    expect(us.crisis.lines.map((line) => line.phone)).toEqual(['1-800-222-1222', '988']);
    expect(us.message).toContain('Poison Help: call 1-800-222-1222, day and night.');
    // No national poison line in the directory: the emergency number leads, then the crisis line.
    const france = crisisReply(['poisoning'], 'fr', 'Europe/Paris');
    expect(france.message).toMatch(/^Cela ressemble à une intoxication ou à une overdose\. Appelle le 112/);
    expect(france.crisis.lines.map((line) => line.phone)).toEqual(['3114']);
  });
});
