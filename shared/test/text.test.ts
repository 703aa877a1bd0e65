import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { activityIconSchema, customActivityNameSchema } from '../src/api/custom-activity-request';
import { COACH_MESSAGE_FIELD_MESSAGES, coachMessageBodySchema } from '../src/coach/messages';
import { FIELD_MESSAGES } from '../src/errors/catalogue';
import { isOneEmoji, normaliseText } from '../src/validation/text';

/** What a schema makes of the input: the kept value, or its first message (as the API answers it). */
const outcome = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? { kept: result.output } : { refused: result.issues[0].message };
};

const SCOTLAND = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';

describe('normaliseText', () => {
  it('composes to NFC, so one name typed two ways is one name', () => {
    expect(normaliseText('Cafe\u0301 break')).toBe('Café break');
    expect(normaliseText('Cafe\u0301 break')).toBe(normaliseText('Caf\u00e9 break'));
  });

  it('trims white space and invisible format characters at both ends, and nothing inside', () => {
    expect(normaliseText('\u200b\ufeff Tea\u00a0time \u200d\u2060\n')).toBe('Tea\u00a0time');
    expect(normaliseText('\u202eTea')).toBe('Tea');
    expect(normaliseText('Code 👩\u200d💻 club')).toBe('Code 👩\u200d💻 club');
  });

  it('keeps an emoji whose sequence ends in format characters whole', () => {
    expect(normaliseText(`Trip ${SCOTLAND}`)).toBe(`Trip ${SCOTLAND}`);
    expect(normaliseText(`Trip ${SCOTLAND}\u200b `)).toBe(`Trip ${SCOTLAND}`);
  });
});

describe("a custom activity's name", () => {
  it('is kept normalised', () => {
    expect(outcome(customActivityNameSchema, '  Bubble bath\u200b ')).toEqual({ kept: 'Bubble bath' });
    expect(outcome(customActivityNameSchema, 'Tea ☕')).toEqual({ kept: 'Tea ☕' });
  });

  it('needs something to see: only spaces, zero-width or filler characters are no name', () => {
    for (const name of ['', '   ', '\u200b\u200b\u200b', '\ufeff', '\u3164', '\u200d\u200c', '\u0301']) {
      expect(outcome(customActivityNameSchema, name), JSON.stringify(name)).toEqual({
        refused: FIELD_MESSAGES.name,
      });
    }
    expect(outcome(customActivityNameSchema, 42)).toEqual({ refused: FIELD_MESSAGES.name });
  });

  it('refuses control characters and ill-formed Unicode, with a message saying so', () => {
    for (const name of ['Tea\u0000\u0007', 'Tea\ttime', 'Tea\u001b[31m', 'a\ud800b', 'a\udc00', '\ud83c']) {
      expect(outcome(customActivityNameSchema, name), JSON.stringify(name)).toEqual({
        refused: FIELD_MESSAGES.unreadable,
      });
    }
  });

  it('is at most 60 characters once normalised', () => {
    expect(outcome(customActivityNameSchema, `${'a'.repeat(60)}\u200b`)).toEqual({ kept: 'a'.repeat(60) });
    expect(outcome(customActivityNameSchema, 'a'.repeat(61))).toEqual({
      refused: 'Please keep the name under 60 characters',
    });
  });
});

describe("a custom activity's icon", () => {
  it('is exactly one emoji', () => {
    for (const icon of ['🌸', '✍️', '1️⃣', '🇫🇷', SCOTLAND, '👍🏽', '👩\u200d💻', '🧘\u200d♀️']) {
      expect(isOneEmoji(icon), icon).toBe(true);
      expect(outcome(activityIconSchema, icon)).toEqual({ kept: icon });
    }
  });

  it('refuses markup, two emoji, words, text-style symbols and broken ones', () => {
    const refused = [
      '🌸<b>x</b>',
      '🌸🌸',
      '🌸 ',
      '🌸\u200d🌸',
      'bath',
      'a',
      '#',
      '☺',
      '©',
      '',
      '\ud83c',
      '🌸\u0000',
    ];
    for (const icon of refused) {
      expect(outcome(activityIconSchema, icon), JSON.stringify(icon)).toEqual({
        refused: FIELD_MESSAGES.icon,
      });
    }
    expect(outcome(activityIconSchema, null)).toEqual({ refused: FIELD_MESSAGES.icon });
  });
});

describe("a coach message's text", () => {
  const message = (text: unknown) => {
    const result = outcome(coachMessageBodySchema, { message: text });
    return 'kept' in result ? { kept: (result.kept as { message: string }).message } : result;
  };

  it('keeps emoji and line breaks, normalised', () => {
    expect(message(' I slept badly 😴\r\nAny ideas? 🌸\u200b')).toEqual({
      kept: 'I slept badly 😴\r\nAny ideas? 🌸',
    });
  });

  it('refuses control characters other than line breaks and ill-formed Unicode', () => {
    for (const text of ['Hi\u0000', 'Hi\u0007there', 'Hi \ud800']) {
      expect(message(text), JSON.stringify(text)).toEqual({ refused: FIELD_MESSAGES.unreadable });
    }
    expect(message('\u200b \n')).toEqual({ refused: COACH_MESSAGE_FIELD_MESSAGES.blank });
  });
});
