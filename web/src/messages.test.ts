import { compileCatalogue } from '@bloom/shared/i18n/compile';
import {
  idsCopiedFromEnglish,
  idsWithBreakableFrenchSpacing,
  idsWithOtherArguments,
  idsWithOtherNumbers,
} from '@bloom/shared/i18n/consistency';
import { LOCALES } from '@bloom/shared/i18n/locales';
import { describe, expect, it } from 'vitest';
import { catalogueSource, webCatalogues, webMessages } from '../i18n-messages';

/**
 * The web's own catalogues (web/i18n-messages.ts: each feature's `messages/<locale>.json`, the shell's and the
 * components'): every message in all four languages with the same ICU arguments and numbers, written in each
 * language rather than copied, and each id its owner's (docs/rules.md#languages). Shared's catalogues have the
 * same checks in shared/test/i18n-catalogues.test.ts.
 */

const CATALOGUES = webCatalogues();
const TRANSLATIONS = LOCALES.filter((locale) => locale !== 'en');

describe.each(CATALOGUES.map((catalogue) => [catalogue.owner, catalogue] as const))(
  "%s's messages",
  (owner, catalogue) => {
    const english = catalogueSource(catalogue, 'en');

    it('are valid ICU MessageFormat in every language', () => {
      for (const locale of LOCALES)
        expect(() => compileCatalogue(catalogueSource(catalogue, locale)), locale).not.toThrow();
    });

    it(`each start with "${owner}."`, () => {
      expect(Object.keys(english).filter((id) => !id.startsWith(`${owner}.`))).toEqual([]);
    });

    it.each(TRANSLATIONS)('are all in %s, and no other', (locale) => {
      expect(Object.keys(catalogueSource(catalogue, locale)).sort()).toEqual(Object.keys(english).sort());
    });

    it.each(TRANSLATIONS)('ask for the same arguments in %s as in English', (locale) => {
      expect(idsWithOtherArguments(english, catalogueSource(catalogue, locale))).toEqual([]);
    });

    it.each(TRANSLATIONS)('state the same numbers in %s as in English', (locale) => {
      expect(idsWithOtherNumbers(english, catalogueSource(catalogue, locale))).toEqual([]);
    });

    it.each(TRANSLATIONS)('are translated into %s, not copied from English', (locale) => {
      expect(idsCopiedFromEnglish(english, catalogueSource(catalogue, locale))).toEqual([]);
    });

    it('keep French punctuation with its word (a no-break space before ? ! : ; »)', () => {
      expect(idsWithBreakableFrenchSpacing(catalogueSource(catalogue, 'fr'))).toEqual([]);
    });
  },
);

it.each(LOCALES)('loads as one %s catalogue, no id in two places (shared catalogues included)', (locale) => {
  expect(() => webMessages(locale)).not.toThrow();
});

it('finds the catalogues of the shell, the components and the features', () => {
  expect(CATALOGUES.map((catalogue) => catalogue.owner)).toContain('components');
});
