import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { COACH_MESSAGE_MAX_CHARS } from '../src/coach/messages';
import { FIELD_MESSAGES } from '../src/errors/catalogue';
import { CALENDAR_MESSAGES } from '../src/i18n/catalogues/calendar';
import { COACH_MESSAGES } from '../src/i18n/catalogues/coach';
import { ERROR_MESSAGES } from '../src/i18n/catalogues/errors';
import { REMINDER_MESSAGES } from '../src/i18n/catalogues/reminders';
import { compileCatalogue, compiledCatalogueText } from '../src/i18n/compile';
import {
  idsCopiedFromEnglish,
  idsWithBreakableFrenchSpacing,
  idsWithOtherArguments,
  idsWithOtherNumbers,
  numbersIn,
  shapeOf,
} from '../src/i18n/consistency';
import { LOCALES } from '../src/i18n/locales';
import { type Catalogue, plainText } from '../src/i18n/messages';

/**
 * Every message of shared's namespaces exists in all four languages with the same ICU arguments
 * (docs/rules.md#languages): each message's AST is read and its arguments compared by name and type, select by
 * select and plural by plural (shared/src/i18n/consistency.ts, which web/src/messages.test.ts applies to the web's
 * own catalogues).
 */

const I18N = fileURLToPath(new URL('../src/i18n/', import.meta.url));
const NAMESPACES = readdirSync(join(I18N, 'messages'));
const TRANSLATIONS = LOCALES.filter((locale) => locale !== 'en');

const sourceOf = (namespace: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(I18N, 'messages', namespace, `${locale}.json`), 'utf8'));

describe.each(NAMESPACES)('the %s catalogue', (namespace) => {
  const english = sourceOf(namespace, 'en');

  it('is valid ICU MessageFormat in every language', () => {
    for (const locale of LOCALES) expect(() => compileCatalogue(sourceOf(namespace, locale))).not.toThrow();
  });

  it.each(TRANSLATIONS)('has every message in %s, and no other', (locale) => {
    expect(Object.keys(sourceOf(namespace, locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(TRANSLATIONS)('asks for the same arguments in %s as in English', (locale) => {
    expect(idsWithOtherArguments(english, sourceOf(namespace, locale))).toEqual([]);
  });

  it.each(TRANSLATIONS)('states the same numbers in %s as in English', (locale) => {
    expect(idsWithOtherNumbers(english, sourceOf(namespace, locale))).toEqual([]);
  });

  it.each(TRANSLATIONS)('is translated into %s, not copied from English', (locale) => {
    expect(idsCopiedFromEnglish(english, sourceOf(namespace, locale))).toEqual([]);
  });

  it('keeps French punctuation with its word (a no-break space before ? ! : ; »)', () => {
    expect(idsWithBreakableFrenchSpacing(sourceOf(namespace, 'fr'))).toEqual([]);
  });

  it('is compiled as it reads now (npm run i18n:compile)', () => {
    for (const locale of LOCALES) {
      const compiled = readFileSync(join(I18N, 'compiled', namespace, `${locale}.json`), 'utf8');
      expect(compiled, `${namespace}/${locale}.json`).toBe(
        compiledCatalogueText(compileCatalogue(sourceOf(namespace, locale))),
      );
    }
  });
});

/** The namespaces the server formats (the web's own are react-intl's), and whether each is text only. */
const SERVER_CATALOGUES: Record<string, Catalogue<string>> = {
  errors: ERROR_MESSAGES,
  coach: COACH_MESSAGES,
  reminders: REMINDER_MESSAGES,
  calendar: CALENDAR_MESSAGES,
};

it.each(Object.entries(SERVER_CATALOGUES))(
  'holds only text in %s, or formats its arguments with intl-messageformat',
  (namespace, catalogue) => {
    if (!catalogue.textOnly) return;
    for (const locale of LOCALES) {
      const withArguments = Object.entries(sourceOf(namespace, locale)).filter(
        ([, message]) => plainText(parse(message)) === undefined,
      );
      expect(withArguments, `${namespace}/${locale}`).toEqual([]);
    }
  },
);

it("formats every server catalogue it knows, and knows every catalogue but the web client's", () => {
  expect(Object.keys(SERVER_CATALOGUES).sort()).toEqual(
    NAMESPACES.filter((name) => name !== 'client').sort(),
  );
  expect(REMINDER_MESSAGES.textOnly).toBe(false);
  expect(ERROR_MESSAGES.textOnly).toBe(true);
});

it('never uses one id in two catalogues, so the web can load several as one', () => {
  const owners = new Map<string, string>();
  const shared: string[] = [];
  for (const namespace of NAMESPACES) {
    for (const id of Object.keys(sourceOf(namespace, 'en'))) {
      if (owners.has(id)) shared.push(`${id} (${owners.get(id)}, ${namespace})`);
      owners.set(id, namespace);
    }
  }
  expect(shared).toEqual([]);
});

describe('the shape check', () => {
  const shape = (message: string) => [...shapeOf(parse(message))].sort();

  it('tells a renamed argument, a plural turned into a plain argument and a select missing a case', () => {
    expect(shape('{count, plural, one {# day} other {# days}}')).not.toEqual(shape('{n, plural, other {#}}'));
    expect(shape('{count, plural, other {# days}}')).not.toEqual(shape('{count} days'));
    expect(shape('{slot, select, Morning {a} other {b}}')).not.toEqual(
      shape('{slot, select, Morning {a} Evening {c} other {b}}'),
    );
    expect(shape('{n, number} min')).not.toEqual(shape('{n} min'));
  });

  it('accepts plural cases that differ by language', () => {
    expect(shape('{n, plural, one {# minute} other {# minutes}}')).toEqual(
      shape('{n, plural, one {# minute} many {# de minutes} other {# minutes}}'),
    );
  });

  it('reads numbers as numbers, whatever separates their thousands', () => {
    expect(numbersIn('up to 1,000 characters, 08:00')).toEqual(numbersIn('bis 1.000 Zeichen, 08:00'));
    expect(numbersIn('1\u202f000')).toEqual(['1000']);
    expect(numbersIn('10 edits')).not.toEqual(numbersIn('12 edits'));
  });
});

it("states the coach's message limit as COACH_MESSAGE_MAX_CHARS", () => {
  expect(numbersIn(FIELD_MESSAGES.coachMessageTooLong)).toEqual([String(COACH_MESSAGE_MAX_CHARS)]);
});
