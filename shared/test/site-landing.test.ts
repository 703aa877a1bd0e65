import { describe, expect, it } from 'vitest';
import { acceptedTags, landingFile, landingLocale } from '../src/site/landing';

/** Which language's landing the host hands out (docs/decisions/0009-landing-per-language.md). */

describe('landingLocale', () => {
  it.each([
    [{ acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' }, 'de'],
    [{ acceptLanguage: 'fr-CA' }, 'fr'],
    [{ acceptLanguage: 'it-IT,es;q=0.7' }, 'es'],
    [{ acceptLanguage: 'de;q=0.2, fr;q=0.8' }, 'fr'],
    [{ acceptLanguage: 'pt-BR,de;q=0' }, 'en'],
    [{ acceptLanguage: '*' }, 'en'],
    [{}, 'en'],
    [{ cookie: 'a=1; bloom-locale=es', acceptLanguage: 'de-DE' }, 'es'],
    [{ cookie: 'bloom-locale=en', acceptLanguage: 'de-DE' }, 'en'],
    [{ cookie: 'bloom-locale=xx', acceptLanguage: 'fr' }, 'fr'],
  ])('%j gets %s', (headers, locale) => {
    expect(landingLocale(headers)).toBe(locale);
  });
});

it('reads Accept-Language by weight, then order', () => {
  expect(acceptedTags('en;q=0.5, de-AT, fr;q=0.5, es;q=0')).toEqual(['de-AT', 'en', 'fr']);
});

it('names each language’s page, English’s index.html itself', () => {
  expect(['en', 'de', 'fr', 'es'].map((locale) => landingFile(locale as 'en'))).toEqual([
    'index.html',
    'index.de.html',
    'index.fr.html',
    'index.es.html',
  ]);
});
