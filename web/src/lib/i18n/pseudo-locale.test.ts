import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { expect, it } from 'vitest';
import { pseudoMessages } from '../../../i18n-messages';
import { accented } from '../../../i18n-pseudo';

/** The pseudo-locale of the "no string slips through" check (web/i18n-pseudo.ts). */

it('accents every letter of the text and brackets the message, keeping arguments, plurals and tags', () => {
  expect(accented('Begin Your Journey')).toBe('Ɓḗɠīƞ Ẏǿŭř Ĵǿŭřƞḗẏ');
  const { message } = pseudoMessages({
    message: parse('{count, plural, one {# day} other {# days}} left, <b>{name}</b>', {
      ignoreTag: false,
    }),
  });
  const text = new IntlMessageFormat(message ?? [], 'en').format({
    count: 2,
    name: 'Maya',
    b: (chunks: unknown[]) => chunks.join(''),
  });
  expect(text).toBe('[2 ḓȧẏş ŀḗƒŧ, Maya]');
});
