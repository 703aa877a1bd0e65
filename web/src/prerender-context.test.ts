import { afterEach, expect, it } from 'vitest';
import { setLocale } from './lib/i18n/locale-store';
import { matchesPrerenderedLanding } from './prerender-context';

/** Hydrating the prerendered landing only when it is the page this visit would render (docs/decisions/0009). */

afterEach(() => {
  document.documentElement.lang = '';
  setLocale('en', 'menu');
});

it('hydrates the landing prerendered in the language she is shown Bloom in, and no other', () => {
  document.documentElement.lang = 'en';
  expect(matchesPrerenderedLanding()).toBe(true);
  document.documentElement.lang = 'de';
  expect(matchesPrerenderedLanding()).toBe(false);
  setLocale('de', 'menu');
  expect(matchesPrerenderedLanding()).toBe(true);
});
